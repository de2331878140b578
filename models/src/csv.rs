//! Reading the comma- and tab-separated data files (reference tables, imports), by the
//! `csv` crate.

use std::io::Read;

/// One record's fields.
pub use csv::StringRecord as Record;

/// Records of a comma-separated file with `"` quoting (RFC 4180), header first.
pub fn records(text: &str) -> Vec<Vec<String>> {
    reader(text.as_bytes(), b',', true)
        .records()
        .filter_map(Result::ok)
        .map(|record| record.iter().map(str::to_owned).collect())
        .collect()
}

/// The first record of `line` (a file's header read on its own).
pub fn first_record(line: &str, delimiter: u8, quoted: bool) -> Record {
    let mut record = Record::new();
    // A line of text is UTF-8 already, so reading it cannot fail.
    let _ = reader(line.as_bytes(), delimiter, quoted).read_record(&mut record);
    record
}

/// Reads delimited records one at a time from a large file. With `quoted`, `"` quotes
/// fields (RFC 4180, a record may span lines); without, every byte is data (Open Food
/// Facts exports, whose fields hold stray quotes). Calls `each` per record, header
/// included, until it returns false.
pub fn for_each_record(
    from: impl Read,
    delimiter: u8,
    quoted: bool,
    mut each: impl FnMut(&Record) -> bool,
) -> std::io::Result<()> {
    let mut reader = reader(from, delimiter, quoted);
    let mut record = Record::new();
    while reader.read_record(&mut record)? {
        if !each(&record) {
            break;
        }
    }
    Ok(())
}

/// Records of any length (a short last line, a trailing field), no header taken apart.
fn reader<R: Read>(from: R, delimiter: u8, quoted: bool) -> csv::Reader<R> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .quoting(quoted)
        .from_reader(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quoted_records_across_lines() {
        let text = "id,name\n1,\"Rice, white\"\n2,\"say \"\"hi\"\"\nthere\"\n";
        let mut got = Vec::new();
        for_each_record(text.as_bytes(), b',', true, |r| {
            got.push(r.iter().map(str::to_owned).collect::<Vec<_>>());
            true
        })
        .unwrap();
        assert_eq!(got[1], ["1", "Rice, white"]);
        assert_eq!(got[2], ["2", "say \"hi\"\nthere"]);
        assert_eq!(records(text)[1], got[1]);
    }

    #[test]
    fn tab_separated_without_quotes() {
        let mut got = Vec::new();
        for_each_record("a\tb\r\n\"x\t y\"\n".as_bytes(), b'\t', false, |r| {
            got.push(r.iter().map(str::to_owned).collect::<Vec<_>>());
            true
        })
        .unwrap();
        assert_eq!(got[0], ["a", "b"]);
        assert_eq!(got[1], ["\"x", " y\""]);
    }
}
