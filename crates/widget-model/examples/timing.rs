fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let t = std::time::Instant::now();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let parse = t.elapsed();
        drop(v);
        let t = std::time::Instant::now();
        let m = widget_model::model_from_json_text(&text);
        let model = t.elapsed();
        println!(
            "{path}: parse {:?}, model {:?}, rows {}",
            parse,
            model,
            m.table.rows.len()
        );
    }
}
