use super::*;

#[test]
fn a_wall_of_text_is_read_by_its_largest_lines_in_their_order() {
    let line = |y: f32, height: f32| Region {
        centre: (100.0, y),
        along: (1.0, 0.0),
        width: 200.0,
        height,
    };
    // 400 lines of small print, with the table's larger lines among them.
    let regions: Vec<Region> = (0..400)
        .map(|i| line(i as f32 * 10.0, if i % 40 == 7 { 24.0 } else { 8.0 }))
        .collect();
    let kept = largest(regions.clone(), 30);
    assert_eq!(kept.len(), 30);
    assert_eq!(kept.iter().filter(|r| r.height == 24.0).count(), 10);
    assert!(kept.windows(2).all(|w| w[0].centre.1 < w[1].centre.1));
    // Fewer than the bound: all of them, as they were.
    assert_eq!(largest(regions[..20].to_vec(), 30).len(), 20);
}

fn map_with(width: usize, height: usize, boxes: &[(usize, usize, usize, usize)]) -> Vec<f32> {
    let mut map = vec![0.0; width * height];
    for &(x0, y0, x1, y1) in boxes {
        for y in y0..y1 {
            for x in x0..x1 {
                map[y * width + x] = 0.9;
            }
        }
    }
    map
}

#[test]
fn finds_each_line_of_text_grown_back_to_its_size() {
    let map = map_with(
        200,
        100,
        &[(10, 10, 110, 20), (10, 50, 60, 60), (150, 80, 151, 81)],
    );
    let mut regions = text_regions(&map, 200, 100);
    regions.sort_by(|a, b| a.centre.1.total_cmp(&b.centre.1));
    assert_eq!(regions.len(), 2, "the speck is not text: {regions:?}");
    let first = regions[0];
    assert!((first.centre.0 - 60.5).abs() < 1.5, "{first:?}");
    assert!((first.centre.1 - 15.5).abs() < 1.5, "{first:?}");
    // 101 × 11 after dilation, grown by 101·11·1.6 / 224 ≈ 7.9 on each side.
    assert!((first.width - 117.0).abs() < 2.0, "{first:?}");
    assert!((first.height - 27.0).abs() < 2.0, "{first:?}");
    assert!(first.along.1.abs() < 0.01);
}

#[test]
fn a_tilted_line_keeps_its_slant() {
    let (w, h) = (300, 200);
    let mut map = vec![0.0; w * h];
    let slope = (6f32).to_radians().tan();
    for x in 20..260 {
        let centre = 100.0 + (x as f32 - 140.0) * slope;
        for y in (centre as usize - 5)..(centre as usize + 5) {
            map[y * w + x] = 0.8;
        }
    }
    let regions = text_regions(&map, w, h);
    assert_eq!(regions.len(), 1);
    let angle = regions[0].along.1.atan2(regions[0].along.0).to_degrees();
    assert!((angle - 6.0).abs() < 0.5, "{angle}");
}

#[test]
fn words_of_two_rows_run_together_are_cut_apart() {
    // Two lines of text, and two short words below one another joined by a thin
    // bridge of probability.
    let mut map = map_with(
        300,
        200,
        &[
            (100, 20, 260, 34),
            (100, 60, 260, 74),
            (20, 20, 40, 34),
            (20, 36, 40, 52),
        ],
    );
    for y in 34..36 {
        map[y * 300 + 30] = 0.9;
    }
    let mut regions = text_regions(&map, 300, 200);
    regions.retain(|r| r.centre.0 < 60.0);
    regions.sort_by(|a, b| a.centre.1.total_cmp(&b.centre.1));
    assert_eq!(regions.len(), 2, "{regions:?}");
    assert!((regions[0].centre.1 - 27.0).abs() < 2.0, "{regions:?}");
    assert!((regions[1].centre.1 - 44.0).abs() < 2.0, "{regions:?}");
}

#[test]
fn a_crop_is_straightened() {
    // A dark bar on white, cut out by a region lying along it.
    let photo = RgbImage::from_fn(100, 60, |x, y| {
        if (20..80).contains(&x) && (25..35).contains(&y) {
            Rgb([0, 0, 0])
        } else {
            Rgb([255, 255, 255])
        }
    });
    let region = Region {
        centre: (50.0, 30.0),
        along: (1.0, 0.0),
        width: 60.0,
        height: 10.0,
    };
    let cut = crop(&photo, &region);
    assert_eq!(cut.dimensions(), (60, 10));
    assert!(cut.pixels().all(|p| p.0[0] < 10));
}
