//! Español.

use super::common::{pagination_range, quote};
use super::vocabulary::{EdgeEnd, ErrorCode, Formats, GraphProblem, Msg, Noun, Operation};

fn count(f: &dyn Formats, n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", f.integer(n))
    }
}

fn noun(n: &Noun, plural: bool) -> String {
    let (one, many) = match n {
        Noun::Pipeline => ("pipeline", "pipelines"),
        Noun::Block => ("bloque", "bloques"),
        Noun::PipelineRun => ("ejecución de pipeline", "ejecuciones de pipeline"),
        Noun::BlockRun => ("ejecución de bloque", "ejecuciones de bloque"),
        Noun::BlockOutput => ("salida de bloque", "salidas de bloque"),
        Noun::PipelineSchedule => ("programación de pipeline", "programaciones de pipeline"),
        Noun::PipelineTrigger => ("disparador de pipeline", "disparadores de pipeline"),
        Noun::BlockTemplate => ("plantilla de bloque", "plantillas de bloque"),
        Noun::Backfill => ("relleno histórico", "rellenos históricos"),
        Noun::Sync => ("sincronización", "estado de sincronización"),
        Noun::LogFile => ("archivo de registro", "registros"),
        Noun::Other {
            singular,
            plural: many,
        } => {
            return if plural {
                many.clone()
            } else {
                singular.clone()
            }
        }
    };
    (if plural { many } else { one }).to_owned()
}

/// The operation as a noun, which needs no agreement: "Creación", "Eliminación".
fn action(op: &Operation) -> String {
    match op {
        Operation::Create => "Creación".into(),
        Operation::Update => "Actualización".into(),
        Operation::Delete => "Eliminación".into(),
        Operation::Run => "Ejecución iniciada".into(),
        Operation::Sync => "Sincronización".into(),
        Operation::Other(word) => crate::text::capitalize(word),
    }
}

fn graph(f: &dyn Formats, p: &GraphProblem) -> String {
    use GraphProblem as G;
    match p {
        G::Missing => "este resultado no incluye un grafo".into(),
        G::NotAnObject => "el grafo no es un objeto".into(),
        G::NodesNotAList => "sus nodos no son una lista".into(),
        G::EdgesNotAList => "sus aristas no son una lista".into(),
        G::Truncated { sent, total: Some(t) } => {
            format!("el productor lo truncó ({} de {} bloques enviados)", f.integer(*sent), f.integer(*t))
        }
        G::Truncated { total: None, .. } => "el productor lo truncó".into(),
        G::TotalMismatch { said, carried } => {
            format!("dice tener {} bloques pero trae {}", f.integer(*said), f.integer(*carried))
        }
        G::TotalNotWhole => "su totalNodes no es un número entero".into(),
        G::TooManyNodes { count, limit } => {
            format!("tiene {} bloques, más de los {} que dibuja esta vista", f.integer(*count), f.integer(*limit))
        }
        G::TooManyEdges { count, limit } => {
            format!("tiene {} dependencias, más de las {} que dibuja esta vista", f.integer(*count), f.integer(*limit))
        }
        G::TooMuchLayout { segments, limit } => format!(
            "sus dependencias cruzan demasiados niveles para dibujarse con claridad ({} tramos de arista, como máximo {})",
            f.integer(*segments),
            f.integer(*limit)
        ),
        G::NodeNotObject { index } => format!("el nodo n.º {index} no es un objeto"),
        G::NodeWithoutId { index } => format!("el nodo n.º {index} no tiene un id de texto"),
        G::DuplicateId { id } => format!("dos bloques comparten el id {}", quote(id)),
        G::EdgeNotObject { index } => format!("la arista n.º {index} no es un objeto"),
        G::EdgeWithoutEnd { index, end } => format!(
            "la arista n.º {index} no tiene un campo de texto {}",
            match end {
                EdgeEnd::Source => "source",
                EdgeEnd::Target => "target",
            }
        ),
        G::UnknownBlock { id } => format!("una arista nombra el bloque desconocido {}", quote(id)),
        G::Cycle { id } => format!("sus aristas forman un ciclo que pasa por {}", quote(id)),
    }
}

/// Every message in this language. One exhaustive match on purpose: a new message does not
/// compile until each language says it, and the sentences read side by side.
pub(super) fn text(msg: &Msg, f: &dyn Formats) -> String {
    match msg {
        Msg::Loading => "Cargando resultados…".into(),
        Msg::Cancelled => "La llamada a la herramienta se canceló.".into(),
        Msg::SomethingWentWrong => "Algo salió mal.".into(),
        Msg::WidgetStopped => "El widget se detuvo por un error interno. Vuelva a pedir el resultado.".into(),
        Msg::Restored => "Restaurado: el host recargó esta vista sin volver a enviar el resultado.".into(),
        Msg::TooLarge { bytes, limit_bytes } => format!(
            "Este resultado ocupa {} MB; el widget muestra resultados de hasta {} MB.",
            f.decimal(*bytes as f64 / 1_048_576.0, 1),
            f.integer(limit_bytes / 1_048_576)
        ),
        Msg::TooLargeRemedy => "Pida menos registros (una página más pequeña o un filtro más estrecho).".into(),
        Msg::TooDeep { limit } => format!("Este resultado está anidado en más de {limit} niveles, así que no se muestra."),
        Msg::InvalidJson { line, column } => format!("Este resultado no es JSON válido (línea {line}, columna {column})."),
        Msg::NotJsonObject => "El resultado de la herramienta no es un objeto JSON.".into(),
        Msg::StructuredNotObject => "El contenido estructurado no es un objeto.".into(),
        Msg::NeitherResultNorWidget => "Esto no es ni un resultado de herramienta ni un widget de recurso.".into(),
        Msg::NoWidgetData => "La respuesta de la herramienta no trae datos para el widget.".into(),
        Msg::OtherKind { kind } => format!("Esto no es un widget de recurso (tipo {}).", quote(kind)),
        Msg::NoKind => "Esto no es un widget de recurso (sin tipo).".into(),
        Msg::ToolReportedError => "La herramienta informó de un error.".into(),
        Msg::UnknownState { state } => format!("El estado {} del resultado es desconocido y no trae registros.", quote(state)),
        Msg::CodeMeaning(code) => match code {
            ErrorCode::ConfigInvalid => "Falta el archivo de configuración del agente o está mal formado.",
            ErrorCode::AuthRequired => "No se encontraron credenciales.",
            ErrorCode::AuthExpired => "El clúster rechazó las credenciales (401 o 403).",
            ErrorCode::ApiError => "La API del clúster devolvió un error.",
            ErrorCode::ToolNotFound => "La herramienta solicitada no está registrada.",
            ErrorCode::InternalError => "El agente sufrió un fallo interno inesperado.",
        }
        .into(),
        Msg::CodeRemedy(code) => match code {
            ErrorCode::ConfigInvalid => "Revise config.json en el directorio de trabajo del agente y vuelva a intentarlo.",
            ErrorCode::AuthRequired => "Inicie sesión con el comando de inicio de sesión del agente y vuelva a intentarlo.",
            ErrorCode::AuthExpired => "Vuelva a ejecutar el comando de inicio de sesión del agente y reintente.",
            ErrorCode::ApiError | ErrorCode::ToolNotFound | ErrorCode::InternalError => {
                "Vuelva a intentarlo; si sigue fallando, revise los registros del agente."
            }
        }
        .into(),
        Msg::ErrorCodeLabel => "Código de error".into(),
        Msg::NewerSchema { version, known } => format!(
            "Este resultado usa la versión {version} del esquema; este widget conoce la versión {known} y lo muestra lo mejor que puede."
        ),
        Msg::RecordsNotObjects { count: 1 } => "1 registro no es un objeto y no se muestra.".into(),
        Msg::RecordsNotObjects { count } => format!("{} registros no son objetos y no se muestran.", f.integer(*count)),
        Msg::RecordsNotAList => "Los registros no son una lista, así que no se muestra ninguno.".into(),
        Msg::FirstRecords { shown, total } => {
            format!("Se muestran los primeros {} de {} registros.", f.integer(*shown), f.integer(*total))
        }
        Msg::FieldsNotColumns { count: 1 } => "1 campo más no se muestra como columna.".into(),
        Msg::FieldsNotColumns { count } => format!("{} campos más no se muestran como columnas.", f.integer(*count)),
        Msg::ColumnsShown { shown, total } => format!("Se muestran {} de {} columnas.", f.integer(*shown), f.integer(*total)),
        Msg::MoreRecordsNotShown { count } => format!("{} registros más no se muestran.", f.integer(*count)),
        Msg::Title { noun: n, plural } => crate::text::capitalize(&noun(n, *plural)),
        Msg::InAll { total } => format!("{} en total", f.integer(*total)),
        Msg::RecordCount { count: n } => count(f, *n, "registro", "registros"),
        Msg::Pagination(p) => match (pagination_range(f, p), p.total) {
            (Some(range), Some(total)) => format!("{range} de {}", f.integer(total)),
            (Some(range), None) if p.more => format!("{range}, hay más"),
            (Some(range), None) => match p.page {
                Some(page) => format!("{range} (página {})", f.integer(page)),
                None => range,
            },
            (None, Some(total)) => format!("ninguno de {} en esta página", f.integer(total)),
            (None, None) => String::new(),
        },
        Msg::CountsByStatus => "Recuento por estado".into(),
        Msg::Filters => "Filtros".into(),
        Msg::EmptyList(n) => match n {
            Noun::Pipeline => "Este proyecto aún no tiene pipelines.".into(),
            Noun::Block => "Este pipeline aún no tiene bloques.".into(),
            Noun::PipelineRun => "Ninguna ejecución coincide. Aparecerán aquí cuando se dispare el pipeline.".into(),
            Noun::BlockRun => "No hay ejecuciones de bloque para esta ejecución de pipeline.".into(),
            Noun::BlockOutput => "Este bloque aún no ha producido salida.".into(),
            Noun::PipelineSchedule => "No hay disparadores configurados para este pipeline.".into(),
            Noun::PipelineTrigger => "No hay configuración de disparadores para este pipeline.".into(),
            Noun::BlockTemplate => "No hay plantillas de bloque disponibles.".into(),
            Noun::Sync => "Los archivos locales y remotos son iguales.".into(),
            Noun::LogFile => "Esta ejecución aún no tiene registros.".into(),
            other => format!("No hay {} que mostrar.", noun(other, true)),
        },
        Msg::MutationBanner { operation, noun: n, id } => match id {
            Some(id) => format!("{}: {} {id}", action(operation), noun(n, false)),
            None => format!("{}: {}", action(operation), noun(n, false)),
        },
        Msg::MutationFooter { operation, noun: n, id } => {
            let done = format!("{} · {}", action(operation), noun(n, false));
            match id {
                Some(id) => format!("{done} · {id}"),
                None => done,
            }
        }
        Msg::ChangedFields => "Campos modificados".into(),
        Msg::Field => "Campo".into(),
        Msg::Before => "Antes".into(),
        Msg::After => "Después".into(),
        Msg::GraphNotDrawn(p) => format!("Grafo no dibujado: {}.", graph(f, p)),
        Msg::Graph => "Grafo de dependencias de bloques".into(),
        Msg::GraphCount { blocks, edges } => {
            format!("{} · {}", count(f, *blocks, "bloque", "bloques"), count(f, *edges, "dependencia", "dependencias"))
        }
        Msg::GraphLayers { blocks } => format!("{} por niveles, de arriba abajo", count(f, *blocks, "bloque", "bloques")),
        Msg::GraphLayersAcross { blocks } => format!("{} por niveles, de izquierda a derecha", count(f, *blocks, "bloque", "bloques")),
        Msg::GraphTooLarge { blocks } => format!("{}: demasiados para leerlos aquí como dibujo. Se listan abajo, con lo que cada uno lee y alimenta.", count(f, *blocks, "bloque", "bloques")),
        Msg::DrawGraph => "Dibujar el grafo".into(),
        Msg::Zoom => "Zoom".into(),
        Msg::ZoomIn => "Acercar".into(),
        Msg::ZoomOut => "Alejar".into(),
        Msg::Fit => "Ajustar".into(),
        Msg::BlockWord => "bloque".into(),
        Msg::BlockTitled { title } => format!("Bloque {title}"),
        Msg::NoRecordForBlock => "Este resultado no trae ningún registro de este bloque.".into(),
        Msg::Missing => "ninguno".into(),
        Msg::Redacted => "oculto".into(),
        Msg::Yes => "Sí".into(),
        Msg::No => "No".into(),
        Msg::Items { count: n } => count(f, *n, "elemento", "elementos"),
        Msg::Fields { count: n } => count(f, *n, "campo", "campos"),
        Msg::NamedFields { name, count: n } => format!("{name} ({})", count(f, *n, "campo", "campos")),
        Msg::AndMore { count } => format!("y {} más", f.integer(*count)),
        Msg::DownloadCsv => "Descargar CSV".into(),
        Msg::CopyCsv => "Copiar como CSV".into(),
        Msg::AskAboutThis => "Preguntar por esto".into(),
        Msg::WhyFailed { noun: noun_, id } => format!("¿Por qué falló {} {id}?", noun(noun_, false)),
        Msg::FullScreen => "Pantalla completa".into(),
        Msg::Back => "Atrás".into(),
        Msg::Refresh => "Actualizar".into(),
        Msg::Refreshing => "Actualizando…".into(),
        Msg::UpdatedAt { epoch_ms } => format!("Actualizado a las {}", f.clock(*epoch_ms)),
        Msg::Open => "Abrir".into(),
        Msg::OpenRecord { name } => format!("Abrir {name}"),
        Msg::Opening => "Abriendo…".into(),
        Msg::LoadBlock => "Cargar este bloque".into(),
        Msg::CallTimedOut { tool } => format!("{tool} no respondió en 30 segundos."),
        Msg::CallRefused { tool, message } => format!("{tool} falló: {message}"),
        Msg::CallFailed { tool } => format!("{tool} respondió con un error:"),
        Msg::DiffUnreadable { field, line: Some(line) } => format!("El cambio de {field} no se pudo leer como diff (línea {line}); el registro de abajo está como está ahora."),
        Msg::DiffUnreadable { field, line: None } => format!("El cambio de {field} no es un diff unificado; el registro de abajo está como está ahora."),
        Msg::ChangesUnreadable => "Los cambios no se pudieron leer (ni lista ni objeto); el registro de abajo está como está ahora.".into(),
        Msg::DiffSummary { field, added, removed } => format!("{field}: {} añadidas, {} eliminadas", count(f, *added, "línea", "líneas"), f.integer(*removed)),
        Msg::DiffCut { shown, total } => format!("Los primeros {} de {} lugares cambiados; todo el código está en el registro de abajo.", f.integer(*shown), f.integer(*total)),
        Msg::HunkCounts { added, removed } => format!("+{} −{}", f.integer(*added), f.integer(*removed)),
        Msg::LineAdded => "añadida".into(),
        Msg::LineRemoved => "eliminada".into(),
        Msg::Live { epoch_ms } => format!("En vivo · actualizado a las {}", f.clock(*epoch_ms)),
        Msg::FollowPaused { minutes } => format!("Actualizaciones en vivo en pausa tras {} minutos.", f.integer(*minutes)),
        Msg::FollowStopped => "Actualizaciones en vivo detenidas:".into(),
        Msg::Retry => "Reintentar".into(),
        Msg::FollowUnavailable => "Sigue en curso. Este host no deja que el widget pida actualizaciones: pregunte de nuevo al asistente para ver cómo terminó.".into(),
        Msg::RowDetails => "Detalles".into(),
        Msg::RowDetailsOf { name } => format!("Detalles de {name}"),
        Msg::Actions => "Acciones".into(),
        Msg::Copy => "Copiar".into(),
        Msg::CopyValue { value } => format!("Copiar {value}"),
        Msg::Copied => "Copiado al portapapeles".into(),
        Msg::CopyFailed => "No se pudo copiar: el host no lo permitió".into(),
        Msg::Code => "código".into(),
        Msg::Find => "Buscar".into(),
        Msg::FindPlaceholder => "en todas las filas".into(),
        Msg::Rows { count: n } => count(f, *n, "fila", "filas"),
        Msg::RowsMatch { shown, total } => format!("{} de {} filas coinciden", f.integer(*shown), f.integer(*total)),
        Msg::MoreColumns { count: n } => format!("{} más", count(f, *n, "columna", "columnas")),
        Msg::FewerColumns => "Menos columnas".into(),
        Msg::MoreFields { count: n } => format!("{} más, vacíos", count(f, *n, "campo", "campos")),
        Msg::ProgressColumn => "Progreso".into(),
        Msg::DurationColumn => "Duración".into(),
        Msg::BlocksDone { done, total } => format!("{}/{} {}", f.integer(*done), f.integer(*total), if *total == 1 { "bloque" } else { "bloques" }),
        Msg::RunTimeline => "Bloques de esta ejecución, en el tiempo".into(),
        Msg::StillRunning => "en curso".into(),
        Msg::NotStarted => "sin iniciar".into(),
        Msg::Shape { rows, columns } => format!("{} × {}", count(f, *rows, "fila", "filas"), count(f, *columns, "columna", "columnas")),
        Msg::SampleOf { count } => format!("muestra de {}", f.integer(*count)),
        Msg::CopyTsv => "Copiar como TSV".into(),
        Msg::NoOutputData => "Esta salida no contiene datos.".into(),
        Msg::LogLines { count: n } => count(f, *n, "línea", "líneas"),
        Msg::EmptyLog => "Este archivo está vacío.".into(),
        Msg::FirstError => "Primer error".into(),
        Msg::ShowInLog => "Ver en el registro".into(),
        Msg::LineDetails => "Detalles de la línea".into(),
        Msg::TableOf { title } => format!("{title}: tabla"),
        Msg::SharedValue { noun: n, value } => {
            format!("{}: {value}", crate::text::capitalize(&noun(n, false)))
        }
    }
}
