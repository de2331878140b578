//! A small reader for the comma-separated data files (reference tables, imports).

/// Records of a comma-separated file with `"` quoting (RFC 4180), header first.
pub fn records(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    records
}

/// Reads delimited records one at a time from a large file. With `quoted`, `"` quotes
/// fields (RFC 4180, a record may span lines); without, every byte is data (Open Food
/// Facts exports, whose fields hold stray quotes). Calls `each` per record, header
/// included, until it returns false.
pub fn for_each_record(
    reader: impl std::io::BufRead,
    delimiter: char,
    quoted: bool,
    mut each: impl FnMut(&[String]) -> bool,
) -> std::io::Result<()> {
    let mut pending = String::new();
    for line in reader.lines() {
        let line = line?;
        if !pending.is_empty() {
            pending.push('\n');
        }
        pending.push_str(line.trim_end_matches('\r'));
        if quoted && pending.chars().filter(|c| *c == '"').count() % 2 == 1 {
            continue; // inside a quoted field that goes on on the next line
        }
        let fields = if quoted {
            let mut fields = Vec::new();
            let mut field = String::new();
            let mut in_quotes = false;
            let mut chars = pending.chars().peekable();
            while let Some(c) = chars.next() {
                match (in_quotes, c) {
                    (true, '"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    (true, '"') => in_quotes = false,
                    (false, '"') if field.is_empty() => in_quotes = true,
                    (false, c) if c == delimiter => fields.push(std::mem::take(&mut field)),
                    (_, c) => field.push(c),
                }
            }
            fields.push(field);
            fields
        } else {
            pending.split(delimiter).map(str::to_owned).collect()
        };
        pending.clear();
        if !each(&fields) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quoted_records_across_lines() {
        let text = "id,name\n1,\"Rice, white\"\n2,\"say \"\"hi\"\"\nthere\"\n";
        let mut got = Vec::new();
        for_each_record(text.as_bytes(), ',', true, |r| {
            got.push(r.to_vec());
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
        for_each_record("a\tb\n\"x\t y\"\n".as_bytes(), '\t', false, |r| {
            got.push(r.to_vec());
            true
        })
        .unwrap();
        assert_eq!(got[1], ["\"x", " y\""]);
    }
}
