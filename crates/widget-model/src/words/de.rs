//! Deutsch.

use super::common::{pagination_range, quote};
use super::vocabulary::{EdgeEnd, ErrorCode, Formats, GraphProblem, Msg, Noun, Operation};

fn count(f: &dyn Formats, n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", f.integer(n))
    }
}

/// Nouns are capitalised in German wherever they stand.
fn noun(n: &Noun, plural: bool) -> String {
    let (one, many) = match n {
        Noun::Pipeline => ("Pipeline", "Pipelines"),
        Noun::Block => ("Block", "Blöcke"),
        Noun::PipelineRun => ("Pipeline-Lauf", "Pipeline-Läufe"),
        Noun::BlockRun => ("Block-Lauf", "Block-Läufe"),
        Noun::BlockOutput => ("Block-Ausgabe", "Block-Ausgaben"),
        Noun::PipelineSchedule => ("Pipeline-Zeitplan", "Pipeline-Zeitpläne"),
        Noun::PipelineTrigger => ("Pipeline-Trigger", "Pipeline-Trigger"),
        Noun::BlockTemplate => ("Block-Vorlage", "Block-Vorlagen"),
        Noun::Backfill => ("Backfill", "Backfills"),
        Noun::Sync => ("Synchronisierung", "Synchronisierungsstatus"),
        Noun::LogFile => ("Logdatei", "Logs"),
        Noun::Other {
            singular,
            plural: many,
        } => return crate::text::capitalize(if plural { many } else { singular }),
    };
    (if plural { many } else { one }).to_owned()
}

fn participle(op: &Operation) -> String {
    match op {
        Operation::Create => "erstellt".into(),
        Operation::Update => "aktualisiert".into(),
        Operation::Delete => "gelöscht".into(),
        Operation::Run => "gestartet".into(),
        Operation::Sync => "synchronisiert".into(),
        Operation::Other(word) => word.clone(),
    }
}

fn graph(f: &dyn Formats, p: &GraphProblem) -> String {
    use GraphProblem as G;
    match p {
        G::Missing => "dieses Ergebnis enthält keinen Graphen".into(),
        G::NotAnObject => "der Graph ist kein Objekt".into(),
        G::NodesNotAList => "seine Knoten sind keine Liste".into(),
        G::EdgesNotAList => "seine Kanten sind keine Liste".into(),
        G::Truncated { sent, total: Some(t) } => {
            format!("der Erzeuger hat ihn gekürzt ({} von {} Blöcken gesendet)", f.integer(*sent), f.integer(*t))
        }
        G::Truncated { total: None, .. } => "der Erzeuger hat ihn gekürzt".into(),
        G::TotalMismatch { said, carried } => {
            format!("er nennt {} Blöcke, enthält aber {}", f.integer(*said), f.integer(*carried))
        }
        G::TotalNotWhole => "sein totalNodes ist keine ganze Zahl".into(),
        G::TooManyNodes { count, limit } => {
            format!("er hat {} Blöcke, mehr als die {}, die diese Ansicht zeichnet", f.integer(*count), f.integer(*limit))
        }
        G::TooManyEdges { count, limit } => format!(
            "er hat {} Abhängigkeiten, mehr als die {}, die diese Ansicht zeichnet",
            f.integer(*count),
            f.integer(*limit)
        ),
        G::TooMuchLayout { segments, limit } => format!(
            "seine Abhängigkeiten kreuzen zu viele Ebenen, um lesbar zu bleiben ({} Kantenstücke, höchstens {})",
            f.integer(*segments),
            f.integer(*limit)
        ),
        G::NodeNotObject { index } => format!("Knoten Nr. {index} ist kein Objekt"),
        G::NodeWithoutId { index } => format!("Knoten Nr. {index} hat keine Text-ID"),
        G::DuplicateId { id } => format!("zwei Blöcke haben die ID {}", quote(id)),
        G::EdgeNotObject { index } => format!("Kante Nr. {index} ist kein Objekt"),
        G::EdgeWithoutEnd { index, end } => format!(
            "Kante Nr. {index} hat kein Text-Feld {}",
            match end {
                EdgeEnd::Source => "source",
                EdgeEnd::Target => "target",
            }
        ),
        G::UnknownBlock { id } => format!("eine Kante nennt den unbekannten Block {}", quote(id)),
        G::Cycle { id } => format!("seine Kanten bilden einen Zyklus über {}", quote(id)),
    }
}

/// Every message in this language. One exhaustive match on purpose: a new message does not
/// compile until each language says it, and the sentences read side by side.
pub(super) fn text(msg: &Msg, f: &dyn Formats) -> String {
    match msg {
        Msg::Loading => "Ergebnisse werden geladen …".into(),
        Msg::Cancelled => "Der Tool-Aufruf wurde abgebrochen.".into(),
        Msg::SomethingWentWrong => "Etwas ist schiefgelaufen.".into(),
        Msg::WidgetStopped => "Das Widget wurde wegen eines internen Fehlers beendet. Fordern Sie das Ergebnis erneut an.".into(),
        Msg::Restored => "Wiederhergestellt: Der Host hat diese Ansicht neu geladen, ohne das Ergebnis erneut zu senden.".into(),
        Msg::TooLarge { bytes, limit_bytes } => format!(
            "Dieses Ergebnis ist {} MB groß; das Widget zeigt Ergebnisse bis {} MB.",
            f.decimal(*bytes as f64 / 1_048_576.0, 1),
            f.integer(limit_bytes / 1_048_576)
        ),
        Msg::TooLargeRemedy => "Fragen Sie nach weniger Datensätzen (kleinere Seite oder engerer Filter).".into(),
        Msg::TooDeep { limit } => format!("Dieses Ergebnis ist tiefer als {limit} Ebenen verschachtelt und wird nicht angezeigt."),
        Msg::InvalidJson { line, column } => format!("Dieses Ergebnis ist kein gültiges JSON (Zeile {line}, Spalte {column})."),
        Msg::NotJsonObject => "Das Tool-Ergebnis ist kein JSON-Objekt.".into(),
        Msg::StructuredNotObject => "Der strukturierte Inhalt ist kein Objekt.".into(),
        Msg::NeitherResultNorWidget => "Dies ist weder ein Tool-Ergebnis noch ein Ressourcen-Widget.".into(),
        Msg::NoWidgetData => "Die Antwort des Tools enthält keine Widget-Daten.".into(),
        Msg::OtherKind { kind } => format!("Dies ist kein Ressourcen-Widget (Art {}).", quote(kind)),
        Msg::NoKind => "Dies ist kein Ressourcen-Widget (keine Art angegeben).".into(),
        Msg::ToolReportedError => "Das Tool hat einen Fehler gemeldet.".into(),
        Msg::UnknownState { state } => format!("Der Zustand {} des Ergebnisses ist unbekannt, und es enthält keine Datensätze.", quote(state)),
        Msg::CodeMeaning(code) => match code {
            ErrorCode::ConfigInvalid => "Die Konfigurationsdatei des Agenten fehlt oder ist fehlerhaft.",
            ErrorCode::AuthRequired => "Es wurden keine Anmeldedaten gefunden.",
            ErrorCode::AuthExpired => "Der Cluster hat die Anmeldedaten abgelehnt (401 oder 403).",
            ErrorCode::ApiError => "Die API des Clusters hat einen Fehler gemeldet.",
            ErrorCode::ToolNotFound => "Das angeforderte Tool ist nicht registriert.",
            ErrorCode::InternalError => "Im Agenten ist ein unerwarteter interner Fehler aufgetreten.",
        }
        .into(),
        Msg::CodeRemedy(code) => match code {
            ErrorCode::ConfigInvalid => "Prüfen Sie config.json im Arbeitsverzeichnis des Agenten und versuchen Sie es erneut.",
            ErrorCode::AuthRequired => "Melden Sie sich mit dem Login-Befehl des Agenten an und versuchen Sie es erneut.",
            ErrorCode::AuthExpired => "Führen Sie den Login-Befehl des Agenten erneut aus und wiederholen Sie den Vorgang.",
            ErrorCode::ApiError | ErrorCode::ToolNotFound | ErrorCode::InternalError => {
                "Versuchen Sie es erneut; schlägt es weiter fehl, prüfen Sie die Logs des Agenten."
            }
        }
        .into(),
        Msg::ErrorCodeLabel => "Fehlercode".into(),
        Msg::NewerSchema { version, known } => format!(
            "Dieses Ergebnis nutzt Schemaversion {version}; dieses Widget kennt Version {known} und zeigt es so gut es kann."
        ),
        Msg::RecordsNotObjects { count: 1 } => "1 Datensatz ist kein Objekt und wird nicht angezeigt.".into(),
        Msg::RecordsNotObjects { count } => format!("{} Datensätze sind keine Objekte und werden nicht angezeigt.", f.integer(*count)),
        Msg::RecordsNotAList => "Die Datensätze sind keine Liste, daher wird keiner angezeigt.".into(),
        Msg::FirstRecords { shown, total } => {
            format!("Angezeigt werden die ersten {} von {} Datensätzen.", f.integer(*shown), f.integer(*total))
        }
        Msg::FieldsNotColumns { count: 1 } => "1 weiteres Feld wird nicht als Spalte angezeigt.".into(),
        Msg::FieldsNotColumns { count } => format!("{} weitere Felder werden nicht als Spalten angezeigt.", f.integer(*count)),
        Msg::ColumnsShown { shown, total } => format!("Angezeigt werden {} von {} Spalten.", f.integer(*shown), f.integer(*total)),
        Msg::MoreRecordsNotShown { count } => format!("{} weitere Datensätze werden nicht angezeigt.", f.integer(*count)),
        Msg::Title { noun: n, plural } => noun(n, *plural),
        Msg::InAll { total } => format!("{} insgesamt", f.integer(*total)),
        Msg::RecordCount { count: n } => count(f, *n, "Datensatz", "Datensätze"),
        Msg::Pagination(p) => match (pagination_range(f, p), p.total) {
            (Some(range), Some(total)) => format!("{range} von {}", f.integer(total)),
            (Some(range), None) if p.more => format!("{range}, weitere verfügbar"),
            (Some(range), None) => match p.page {
                Some(page) => format!("{range} (Seite {})", f.integer(page)),
                None => range,
            },
            (None, Some(total)) => format!("keiner von {} auf dieser Seite", f.integer(total)),
            (None, None) => String::new(),
        },
        Msg::CountsByStatus => "Anzahl nach Status".into(),
        Msg::Filters => "Filter".into(),
        Msg::EmptyList(n) => match n {
            Noun::Pipeline => "Dieses Projekt hat noch keine Pipelines.".into(),
            Noun::Block => "Diese Pipeline hat noch keine Blöcke.".into(),
            Noun::PipelineRun => "Keine passenden Läufe. Läufe erscheinen hier, sobald die Pipeline ausgelöst wurde.".into(),
            Noun::BlockRun => "Keine Block-Läufe für diesen Pipeline-Lauf.".into(),
            Noun::BlockOutput => "Dieser Block hat noch keine Ausgabe erzeugt.".into(),
            Noun::PipelineSchedule => "Für diese Pipeline sind keine Trigger eingerichtet.".into(),
            Noun::PipelineTrigger => "Keine Trigger-Konfiguration für diese Pipeline.".into(),
            Noun::BlockTemplate => "Keine Block-Vorlagen verfügbar.".into(),
            Noun::Sync => "Lokale und entfernte Dateien sind gleich.".into(),
            Noun::LogFile => "Dieser Lauf hat noch keine Logs.".into(),
            other => format!("Keine {} vorhanden.", noun(other, true)),
        },
        Msg::MutationBanner { operation, noun: n, id } => match id {
            Some(id) => format!("{} {id} {}", noun(n, false), participle(operation)),
            None => format!("{} {}", noun(n, false), participle(operation)),
        },
        Msg::MutationFooter { operation, noun: n, id } => {
            let done = format!("{}: {}", crate::text::capitalize(&participle(operation)), noun(n, false));
            match id {
                Some(id) => format!("{done} · {id}"),
                None => done,
            }
        }
        Msg::ChangedFields => "Geänderte Felder".into(),
        Msg::Field => "Feld".into(),
        Msg::Before => "Vorher".into(),
        Msg::After => "Nachher".into(),
        Msg::GraphNotDrawn(p) => format!("Graph nicht gezeichnet: {}.", graph(f, p)),
        Msg::Graph => "Abhängigkeitsgraph der Blöcke".into(),
        Msg::GraphCount { blocks, edges } => format!(
            "{} · {}",
            count(f, *blocks, "Block", "Blöcke"),
            count(f, *edges, "Abhängigkeit", "Abhängigkeiten")
        ),
        Msg::GraphLayers { blocks } => format!("{} in Ebenen, von oben nach unten", count(f, *blocks, "Block", "Blöcke")),
        Msg::GraphLayersAcross { blocks } => format!("{} in Ebenen, von links nach rechts", count(f, *blocks, "Block", "Blöcke")),
        Msg::GraphTooLarge { blocks } => format!("{} sind zu viele, um sie hier als Zeichnung zu lesen: Sie stehen unten, jeweils mit Vorgängern und Nachfolgern.", count(f, *blocks, "Block", "Blöcke")),
        Msg::DrawGraph => "Graph zeichnen".into(),
        Msg::Zoom => "Zoom".into(),
        Msg::ZoomIn => "Vergrößern".into(),
        Msg::ZoomOut => "Verkleinern".into(),
        Msg::Fit => "Einpassen".into(),
        Msg::BlockWord => "Block".into(),
        Msg::BlockTitled { title } => format!("Block {title}"),
        Msg::NoRecordForBlock => "Dieses Ergebnis enthält keinen Datensatz zu diesem Block.".into(),
        Msg::Missing => "keine Angabe".into(),
        Msg::Redacted => "geschwärzt".into(),
        Msg::Yes => "Ja".into(),
        Msg::No => "Nein".into(),
        Msg::Items { count: n } => count(f, *n, "Eintrag", "Einträge"),
        Msg::Fields { count: n } => count(f, *n, "Feld", "Felder"),
        Msg::NamedFields { name, count: n } => format!("{name} ({})", count(f, *n, "Feld", "Felder")),
        Msg::AndMore { count } => format!("und {} weitere", f.integer(*count)),
        Msg::DownloadCsv => "CSV herunterladen".into(),
        Msg::CopyCsv => "Als CSV kopieren".into(),
        Msg::AskAboutThis => "Danach fragen".into(),
        Msg::WhyFailed { noun: noun_, id } => format!("Warum ist {} {id} fehlgeschlagen?", noun(noun_, false)),
        Msg::FullScreen => "Vollbild".into(),
        Msg::Back => "Zurück".into(),
        Msg::Refresh => "Aktualisieren".into(),
        Msg::Refreshing => "Wird aktualisiert…".into(),
        Msg::UpdatedAt { epoch_ms } => format!("Aktualisiert {}", f.clock(*epoch_ms)),
        Msg::Open => "Öffnen".into(),
        Msg::OpenRecord { name } => format!("{name} öffnen"),
        Msg::Opening => "Wird geöffnet…".into(),
        Msg::LoadBlock => "Diesen Block laden".into(),
        Msg::CallTimedOut { tool } => format!("{tool} hat nicht innerhalb von 30 Sekunden geantwortet."),
        Msg::CallRefused { tool, message } => format!("{tool} ist fehlgeschlagen: {message}"),
        Msg::CallFailed { tool } => format!("{tool} hat mit einem Fehler geantwortet:"),
        Msg::DiffUnreadable { field, line: Some(line) } => format!("Die Änderung an {field} ließ sich nicht als Diff lesen (Zeile {line}); unten steht der Datensatz, wie er jetzt ist."),
        Msg::DiffUnreadable { field, line: None } => format!("Die Änderung an {field} ist kein Unified Diff; unten steht der Datensatz, wie er jetzt ist."),
        Msg::ChangesUnreadable => "Die Änderungen ließen sich nicht lesen (weder Liste noch Objekt); unten steht der Datensatz, wie er jetzt ist.".into(),
        Msg::DiffSummary { field, added, removed } => format!("{field}: {} hinzugefügt, {} entfernt", count(f, *added, "Zeile", "Zeilen"), f.integer(*removed)),
        Msg::DiffCut { shown, total } => format!("Die ersten {} von {} geänderten Stellen; der ganze Code steht im Datensatz unten.", f.integer(*shown), f.integer(*total)),
        Msg::HunkCounts { added, removed } => format!("+{} −{}", f.integer(*added), f.integer(*removed)),
        Msg::LineAdded => "hinzugefügt".into(),
        Msg::LineRemoved => "entfernt".into(),
        Msg::Live { epoch_ms } => format!("Live · aktualisiert {}", f.clock(*epoch_ms)),
        Msg::FollowPaused { minutes } => format!("Live-Aktualisierung nach {} Minuten angehalten.", f.integer(*minutes)),
        Msg::FollowStopped => "Live-Aktualisierung gestoppt:".into(),
        Msg::Retry => "Erneut versuchen".into(),
        Msg::FollowUnavailable => "Läuft noch. Dieser Host lässt das Widget nicht nach Neuem fragen: Fragen Sie den Assistenten erneut, um zu sehen, wie es ausging.".into(),
        Msg::RowDetails => "Details".into(),
        Msg::RowDetailsOf { name } => format!("Details zu {name}"),
        Msg::Actions => "Aktionen".into(),
        Msg::Copy => "Kopieren".into(),
        Msg::CopyValue { value } => format!("{value} kopieren"),
        Msg::Copied => "In die Zwischenablage kopiert".into(),
        Msg::CopyFailed => "Kopieren nicht möglich: Der Host hat es nicht erlaubt".into(),
        Msg::Code => "Code".into(),
        Msg::Find => "Suchen".into(),
        Msg::FindPlaceholder => "in allen Zeilen".into(),
        Msg::Rows { count: n } => count(f, *n, "Zeile", "Zeilen"),
        Msg::RowsMatch { shown, total } => format!("{} von {} Zeilen passen", f.integer(*shown), f.integer(*total)),
        Msg::MoreColumns { count: n } => format!("{} mehr", count(f, *n, "Spalte", "Spalten")),
        Msg::FewerColumns => "Weniger Spalten".into(),
        Msg::MoreFields { count: n } => format!("{} mehr, leer", count(f, *n, "Feld", "Felder")),
        Msg::ProgressColumn => "Fortschritt".into(),
        Msg::DurationColumn => "Dauer".into(),
        Msg::BlocksDone { done, total } => format!("{}/{} {}", f.integer(*done), f.integer(*total), if *total == 1 { "Block" } else { "Blöcke" }),
        Msg::RunTimeline => "Blöcke dieses Laufs im zeitlichen Verlauf".into(),
        Msg::StillRunning => "läuft noch".into(),
        Msg::NotStarted => "nicht gestartet".into(),
        Msg::Shape { rows, columns } => format!("{} × {}", count(f, *rows, "Zeile", "Zeilen"), count(f, *columns, "Spalte", "Spalten")),
        Msg::SampleOf { count } => format!("Stichprobe von {}", f.integer(*count)),
        Msg::CopyTsv => "Als TSV kopieren".into(),
        Msg::NoOutputData => "Diese Ausgabe enthält keine Daten.".into(),
        Msg::LogLines { count: n } => count(f, *n, "Zeile", "Zeilen"),
        Msg::EmptyLog => "Diese Datei ist leer.".into(),
        Msg::FirstError => "Erster Fehler".into(),
        Msg::ShowInLog => "Im Log zeigen".into(),
        Msg::LineDetails => "Zeilendetails".into(),
        Msg::TableOf { title } => format!("{title}: Tabelle"),
        Msg::SharedValue { noun: n, value } => format!("{}: {value}", noun(n, false)),
    }
}
