//! The OCR lines put into rows, as a label prints them, on a tilted page too.

use models::nutrition_label::TextLine;

/// One character of a row, with how sure the engine was of it and where its line is.
#[derive(Debug, Clone, Copy)]
pub(super) struct Glyph {
    pub(super) c: char,
    pub(super) confidence: f32,
    /// The horizontal centre of its line, along the page.
    pub(super) x: f32,
}

#[derive(Debug, Clone)]
pub(super) struct Row {
    pub(super) glyphs: Vec<Glyph>,
}

impl Row {
    pub(super) fn text(&self) -> String {
        self.glyphs.iter().map(|g| g.c).collect()
    }
}

/// Full-width forms and look-alikes as the plain characters the rest expects.
pub(super) fn plain(c: char) -> char {
    match c {
        '（' => '(',
        '）' => ')',
        '：' => ':',
        '％' => '%',
        '，' => ',',
        '．' | '。' | '·' => '.',
        '／' => '/',
        '—' | '－' | '–' | '一' => '-',
        c if ('０'..='９').contains(&c) => {
            char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c)
        }
        c if ('Ａ'..='Ｚ').contains(&c) => {
            char::from_u32(c as u32 - 'Ａ' as u32 + 'A' as u32).unwrap_or(c)
        }
        c if ('ａ'..='ｚ').contains(&c) => {
            char::from_u32(c as u32 - 'ａ' as u32 + 'a' as u32).unwrap_or(c)
        }
        c => c,
    }
}

/// The lines put into rows. A line joins the row of the line beside it when it lies
/// where that line, carried on along its own direction, would be (within half a line's
/// height): rows stay together on a tilted page and across the slope a photo taken at an
/// angle gives each part of a label.
pub(super) fn rows_of(lines: &[TextLine]) -> Vec<Row> {
    struct Placed<'a> {
        line: &'a TextLine,
        centre: (f32, f32),
        /// Along the line: its own direction when long enough to have one, else the
        /// page's.
        along: (f32, f32),
        height: f32,
    }
    let length = |a: (f32, f32), b: (f32, f32)| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
    let direction = |l: &TextLine| {
        let [tl, tr, br, bl] = l.corners;
        let (dx, dy) = (tr.0 - tl.0 + br.0 - bl.0, tr.1 - tl.1 + br.1 - bl.1);
        let norm = (dx * dx + dy * dy).sqrt().max(1e-6);
        (dx / norm, dy / norm)
    };
    let elongated = |l: &TextLine| {
        length(l.corners[0], l.corners[1]) > 2.0 * length(l.corners[0], l.corners[3])
    };
    let mut slants: Vec<f32> = lines
        .iter()
        .filter(|l| elongated(l))
        .map(|l| {
            let (dx, dy) = direction(l);
            dy.atan2(dx)
        })
        .collect();
    slants.sort_by(f32::total_cmp);
    let slant = slants.get(slants.len() / 2).copied().unwrap_or(0.0);
    let (sin, cos) = slant.sin_cos();
    let mut placed: Vec<Placed> = lines
        .iter()
        .map(|line| Placed {
            line,
            centre: (
                line.corners.iter().map(|c| c.0).sum::<f32>() / 4.0,
                line.corners.iter().map(|c| c.1).sum::<f32>() / 4.0,
            ),
            along: if elongated(line) {
                direction(line)
            } else {
                (cos, sin)
            },
            height: (length(line.corners[0], line.corners[3])
                + length(line.corners[1], line.corners[2]))
                / 2.0,
        })
        .collect();
    // Along the page and down it, the page's slant taken out.
    let page_x = |p: &Placed| p.centre.0 * cos + p.centre.1 * sin;
    let page_y = |p: &Placed| -p.centre.0 * sin + p.centre.1 * cos;
    placed.sort_by(|a, b| page_y(a).total_cmp(&page_y(b)));
    let mut groups: Vec<Vec<Placed>> = Vec::new();
    for p in placed {
        // How far off each row's line it is, in its own heights.
        let off = |group: &Vec<Placed>| {
            let beside = group
                .iter()
                .min_by(|a, b| {
                    (page_x(a) - page_x(&p))
                        .abs()
                        .total_cmp(&(page_x(b) - page_x(&p)).abs())
                })
                .expect("rows are never empty");
            let (ux, uy) = beside.along;
            let (dx, dy) = (p.centre.0 - beside.centre.0, p.centre.1 - beside.centre.1);
            // The distance from `beside`'s line, carried on, to this line's centre.
            (dy * ux - dx * uy).abs() / p.height.min(beside.height)
        };
        let best = groups
            .iter()
            .enumerate()
            .map(|(i, g)| (i, off(g)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match best {
            Some((i, off)) if off <= 0.5 => groups[i].push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups.sort_by(|a, b| {
        let y = |g: &Vec<Placed>| g.iter().map(&page_y).sum::<f32>() / g.len() as f32;
        y(a).total_cmp(&y(b))
    });
    groups
        .into_iter()
        .map(|mut group| {
            group.sort_by(|a, b| page_x(a).total_cmp(&page_x(b)));
            let mut glyphs = Vec::new();
            for p in group {
                let x = page_x(&p);
                if !glyphs.is_empty() {
                    glyphs.push(Glyph {
                        c: ' ',
                        confidence: 1.0,
                        x,
                    });
                }
                let confidences = p
                    .line
                    .confidences
                    .iter()
                    .copied()
                    .chain(std::iter::repeat(1.0));
                for (c, confidence) in p.line.text.chars().zip(confidences) {
                    glyphs.push(Glyph {
                        c: plain(c),
                        confidence,
                        x,
                    });
                }
            }
            Row { glyphs }
        })
        .collect()
}
