//! Français.

use super::common::{pagination_range, quote};
use super::vocabulary::{EdgeEnd, ErrorCode, Formats, GraphProblem, Msg, Noun, Operation};

/// French counts 0 and 1 as singular.
fn count(f: &dyn Formats, n: u64, one: &str, many: &str) -> String {
    format!("{} {}", f.integer(n), if n <= 1 { one } else { many })
}

fn noun(n: &Noun, plural: bool) -> String {
    let (one, many) = match n {
        Noun::Pipeline => ("pipeline", "pipelines"),
        Noun::Block => ("bloc", "blocs"),
        Noun::PipelineRun => ("exécution de pipeline", "exécutions de pipeline"),
        Noun::BlockRun => ("exécution de bloc", "exécutions de bloc"),
        Noun::BlockOutput => ("sortie de bloc", "sorties de bloc"),
        Noun::PipelineSchedule => ("planification de pipeline", "planifications de pipeline"),
        Noun::PipelineTrigger => ("déclencheur de pipeline", "déclencheurs de pipeline"),
        Noun::BlockTemplate => ("modèle de bloc", "modèles de bloc"),
        Noun::Backfill => ("rattrapage", "rattrapages"),
        Noun::Sync => ("synchronisation", "état de la synchronisation"),
        Noun::LogFile => ("fichier journal", "journaux"),
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

/// The operation as a noun, which needs no agreement: "Création", "Suppression".
fn action(op: &Operation) -> String {
    match op {
        Operation::Create => "Création".into(),
        Operation::Update => "Mise à jour".into(),
        Operation::Delete => "Suppression".into(),
        Operation::Run => "Lancement".into(),
        Operation::Sync => "Synchronisation".into(),
        Operation::Other(word) => crate::text::capitalize(word),
    }
}

fn graph(f: &dyn Formats, p: &GraphProblem) -> String {
    use GraphProblem as G;
    match p {
        G::Missing => "ce résultat ne contient pas de graphe".into(),
        G::NotAnObject => "le graphe n'est pas un objet".into(),
        G::NodesNotAList => "ses nœuds ne sont pas une liste".into(),
        G::EdgesNotAList => "ses arêtes ne sont pas une liste".into(),
        G::Truncated { sent, total: Some(t) } => {
            format!("le producteur l'a tronqué ({} blocs envoyés sur {})", f.integer(*sent), f.integer(*t))
        }
        G::Truncated { total: None, .. } => "le producteur l'a tronqué".into(),
        G::TotalMismatch { said, carried } => {
            format!("il annonce {} blocs mais en contient {}", f.integer(*said), f.integer(*carried))
        }
        G::TotalNotWhole => "son totalNodes n'est pas un nombre entier".into(),
        G::TooManyNodes { count, limit } => {
            format!("il a {} blocs, plus que les {} que cette vue dessine", f.integer(*count), f.integer(*limit))
        }
        G::TooManyEdges { count, limit } => {
            format!("il a {} dépendances, plus que les {} que cette vue dessine", f.integer(*count), f.integer(*limit))
        }
        G::TooMuchLayout { segments, limit } => format!(
            "ses dépendances traversent trop de niveaux pour rester lisibles ({} segments d'arêtes, au plus {})",
            f.integer(*segments),
            f.integer(*limit)
        ),
        G::NodeNotObject { index } => format!("le nœud n° {index} n'est pas un objet"),
        G::NodeWithoutId { index } => format!("le nœud n° {index} n'a pas d'id textuel"),
        G::DuplicateId { id } => format!("deux blocs partagent l'id {}", quote(id)),
        G::EdgeNotObject { index } => format!("l'arête n° {index} n'est pas un objet"),
        G::EdgeWithoutEnd { index, end } => format!(
            "l'arête n° {index} n'a pas de champ textuel {}",
            match end {
                EdgeEnd::Source => "source",
                EdgeEnd::Target => "target",
            }
        ),
        G::UnknownBlock { id } => format!("une arête nomme le bloc inconnu {}", quote(id)),
        G::Cycle { id } => format!("ses arêtes forment un cycle passant par {}", quote(id)),
    }
}

/// Every message in this language. One exhaustive match on purpose: a new message does not
/// compile until each language says it, and the sentences read side by side.
pub(super) fn text(msg: &Msg, f: &dyn Formats) -> String {
    match msg {
        Msg::Loading => "Chargement des résultats…".into(),
        Msg::Cancelled => "L'appel de l'outil a été annulé.".into(),
        Msg::SomethingWentWrong => "Un problème est survenu.".into(),
        Msg::WidgetStopped => "Le widget s'est arrêté sur une erreur interne. Redemandez le résultat.".into(),
        Msg::Restored => "Restauré : l'hôte a rechargé cette vue sans renvoyer le résultat.".into(),
        Msg::TooLarge { bytes, limit_bytes } => format!(
            "Ce résultat pèse {} Mo ; le widget affiche les résultats jusqu'à {} Mo.",
            f.decimal(*bytes as f64 / 1_048_576.0, 1),
            f.integer(limit_bytes / 1_048_576)
        ),
        Msg::TooLargeRemedy => "Demandez moins d'enregistrements (une page plus petite ou un filtre plus étroit).".into(),
        Msg::TooDeep { limit } => format!("Ce résultat est imbriqué sur plus de {limit} niveaux ; il n'est pas affiché."),
        Msg::InvalidJson { line, column } => format!("Ce résultat n'est pas du JSON valide (ligne {line}, colonne {column})."),
        Msg::NotJsonObject => "Le résultat de l'outil n'est pas un objet JSON.".into(),
        Msg::StructuredNotObject => "Le contenu structuré n'est pas un objet.".into(),
        Msg::NeitherResultNorWidget => "Ce n'est ni un résultat d'outil ni un widget de ressource.".into(),
        Msg::NoWidgetData => "La réponse de l'outil ne contient aucune donnée pour le widget.".into(),
        Msg::OtherKind { kind } => format!("Ce n'est pas un widget de ressource (type {}).", quote(kind)),
        Msg::NoKind => "Ce n'est pas un widget de ressource (aucun type).".into(),
        Msg::ToolReportedError => "L'outil a signalé une erreur.".into(),
        Msg::UnknownState { state } => format!("L'état {} du résultat est inconnu et il ne contient aucun enregistrement.", quote(state)),
        Msg::CodeMeaning(code) => match code {
            ErrorCode::ConfigInvalid => "Le fichier de configuration de l'agent est absent ou mal formé.",
            ErrorCode::AuthRequired => "Aucun identifiant n'a été trouvé.",
            ErrorCode::AuthExpired => "Le cluster a refusé les identifiants (401 ou 403).",
            ErrorCode::ApiError => "L'API du cluster a renvoyé une erreur.",
            ErrorCode::ToolNotFound => "L'outil demandé n'est pas enregistré.",
            ErrorCode::InternalError => "L'agent a rencontré une erreur interne inattendue.",
        }
        .into(),
        Msg::CodeRemedy(code) => match code {
            ErrorCode::ConfigInvalid => "Vérifiez config.json dans le répertoire de travail de l'agent, puis réessayez.",
            ErrorCode::AuthRequired => "Connectez-vous avec la commande de connexion de l'agent, puis réessayez.",
            ErrorCode::AuthExpired => "Relancez la commande de connexion de l'agent, puis réessayez.",
            ErrorCode::ApiError | ErrorCode::ToolNotFound | ErrorCode::InternalError => {
                "Réessayez ; si l'échec persiste, consultez les journaux de l'agent."
            }
        }
        .into(),
        Msg::ErrorCodeLabel => "Code d'erreur".into(),
        Msg::NewerSchema { version, known } => format!(
            "Ce résultat utilise la version {version} du schéma ; ce widget connaît la version {known} et l'affiche au mieux."
        ),
        Msg::RecordsNotObjects { count: 1 } => "1 enregistrement n'est pas un objet et n'est pas affiché.".into(),
        Msg::RecordsNotObjects { count } => format!("{} enregistrements ne sont pas des objets et ne sont pas affichés.", f.integer(*count)),
        Msg::RecordsNotAList => "Les enregistrements ne sont pas une liste ; aucun n'est affiché.".into(),
        Msg::FirstRecords { shown, total } => {
            format!("Affichage des {} premiers enregistrements sur {}.", f.integer(*shown), f.integer(*total))
        }
        Msg::FieldsNotColumns { count: 1 } => "1 autre champ n'est pas affiché en colonne.".into(),
        Msg::FieldsNotColumns { count } => format!("{} autres champs ne sont pas affichés en colonnes.", f.integer(*count)),
        Msg::ColumnsShown { shown, total } => format!("Affichage de {} colonnes sur {}.", f.integer(*shown), f.integer(*total)),
        Msg::MoreRecordsNotShown { count } => format!("{} autres enregistrements ne sont pas affichés.", f.integer(*count)),
        Msg::Title { noun: n, plural } => crate::text::capitalize(&noun(n, *plural)),
        Msg::InAll { total } => format!("{} au total", f.integer(*total)),
        Msg::RecordCount { count: n } => count(f, *n, "enregistrement", "enregistrements"),
        Msg::Pagination(p) => match (pagination_range(f, p), p.total) {
            (Some(range), Some(total)) => format!("{range} sur {}", f.integer(total)),
            (Some(range), None) if p.more => format!("{range}, d'autres disponibles"),
            (Some(range), None) => match p.page {
                Some(page) => format!("{range} (page {})", f.integer(page)),
                None => range,
            },
            (None, Some(total)) => format!("aucun des {} sur cette page", f.integer(total)),
            (None, None) => String::new(),
        },
        Msg::CountsByStatus => "Nombre par statut".into(),
        Msg::Filters => "Filtres".into(),
        Msg::EmptyList(n) => match n {
            Noun::Pipeline => "Ce projet n'a pas encore de pipeline.".into(),
            Noun::Block => "Ce pipeline n'a pas encore de bloc.".into(),
            Noun::PipelineRun => "Aucune exécution ne correspond. Elles apparaissent ici une fois le pipeline déclenché.".into(),
            Noun::BlockRun => "Aucune exécution de bloc pour cette exécution de pipeline.".into(),
            Noun::BlockOutput => "Ce bloc n'a encore produit aucune sortie.".into(),
            Noun::PipelineSchedule => "Aucun déclencheur n'est configuré pour ce pipeline.".into(),
            Noun::PipelineTrigger => "Aucune configuration de déclencheur pour ce pipeline.".into(),
            Noun::BlockTemplate => "Aucun modèle de bloc n'est disponible.".into(),
            Noun::Sync => "Les fichiers locaux et distants sont identiques.".into(),
            Noun::LogFile => "Cette exécution n'a pas encore de journaux.".into(),
            other => format!("Aucun élément « {} » à afficher.", noun(other, true)),
        },
        Msg::MutationBanner { operation, noun: n, id } => match id {
            Some(id) => format!("{} : {} {id}", action(operation), noun(n, false)),
            None => format!("{} : {}", action(operation), noun(n, false)),
        },
        Msg::MutationFooter { operation, noun: n, id } => {
            let done = format!("{} · {}", action(operation), noun(n, false));
            match id {
                Some(id) => format!("{done} · {id}"),
                None => done,
            }
        }
        Msg::ChangedFields => "Champs modifiés".into(),
        Msg::Field => "Champ".into(),
        Msg::Before => "Avant".into(),
        Msg::After => "Après".into(),
        Msg::GraphNotDrawn(p) => format!("Graphe non dessiné : {}.", graph(f, p)),
        Msg::Graph => "Graphe des dépendances entre blocs".into(),
        Msg::GraphCount { blocks, edges } => {
            format!("{} · {}", count(f, *blocks, "bloc", "blocs"), count(f, *edges, "dépendance", "dépendances"))
        }
        Msg::GraphLayers { blocks } => format!("{} par niveaux, de haut en bas", count(f, *blocks, "bloc", "blocs")),
        Msg::GraphLayersAcross { blocks } => format!("{} par niveaux, de gauche à droite", count(f, *blocks, "bloc", "blocs")),
        Msg::GraphTooLarge { blocks } => format!("{} : trop pour être lus ici sous forme de dessin. Ils sont listés ci-dessous, avec ce que chacun lit et alimente.", count(f, *blocks, "bloc", "blocs")),
        Msg::DrawGraph => "Dessiner le graphe".into(),
        Msg::Zoom => "Zoom".into(),
        Msg::ZoomIn => "Agrandir".into(),
        Msg::ZoomOut => "Réduire".into(),
        Msg::Fit => "Ajuster".into(),
        Msg::BlockWord => "bloc".into(),
        Msg::BlockTitled { title } => format!("Bloc {title}"),
        Msg::NoRecordForBlock => "Ce résultat ne contient aucun enregistrement pour ce bloc.".into(),
        Msg::Missing => "aucun".into(),
        Msg::Redacted => "masqué".into(),
        Msg::Yes => "Oui".into(),
        Msg::No => "Non".into(),
        Msg::Items { count: n } => count(f, *n, "élément", "éléments"),
        Msg::Fields { count: n } => count(f, *n, "champ", "champs"),
        Msg::NamedFields { name, count: n } => format!("{name} ({})", count(f, *n, "champ", "champs")),
        Msg::AndMore { count } => format!("et {} de plus", f.integer(*count)),
        Msg::DownloadCsv => "Télécharger en CSV".into(),
        Msg::CopyCsv => "Copier en CSV".into(),
        Msg::AskAboutThis => "Poser la question".into(),
        Msg::WhyFailed { noun: noun_, id } => format!("Pourquoi {} {id} a-t-il échoué ?", noun(noun_, false)),
        Msg::FullScreen => "Plein écran".into(),
        Msg::Back => "Retour".into(),
        Msg::Refresh => "Actualiser".into(),
        Msg::Refreshing => "Actualisation…".into(),
        Msg::UpdatedAt { epoch_ms } => format!("Mis à jour à {}", f.clock(*epoch_ms)),
        Msg::Open => "Ouvrir".into(),
        Msg::OpenRecord { name } => format!("Ouvrir {name}"),
        Msg::Opening => "Ouverture…".into(),
        Msg::LoadBlock => "Charger ce bloc".into(),
        Msg::CallTimedOut { tool } => format!("{tool} n’a pas répondu en 30 secondes."),
        Msg::CallRefused { tool, message } => format!("{tool} a échoué : {message}"),
        Msg::CallFailed { tool } => format!("{tool} a répondu par une erreur :"),
        Msg::DiffUnreadable { field, line: Some(line) } => format!("La modification de {field} n’a pas pu être lue comme un diff (ligne {line}) ; l’enregistrement ci-dessous est tel qu’il est maintenant."),
        Msg::DiffUnreadable { field, line: None } => format!("La modification de {field} n’est pas un diff unifié ; l’enregistrement ci-dessous est tel qu’il est maintenant."),
        Msg::ChangesUnreadable => "Les modifications n’ont pas pu être lues (ni liste ni objet) ; l’enregistrement ci-dessous est tel qu’il est maintenant.".into(),
        Msg::DiffSummary { field, added, removed } => format!("{field} : {} ajoutées, {} supprimées", count(f, *added, "ligne", "lignes"), f.integer(*removed)),
        Msg::DiffCut { shown, total } => format!("Les {} premiers de {} endroits modifiés ; tout le code est dans l’enregistrement ci-dessous.", f.integer(*shown), f.integer(*total)),
        Msg::HunkCounts { added, removed } => format!("+{} −{}", f.integer(*added), f.integer(*removed)),
        Msg::LineAdded => "ajoutée".into(),
        Msg::LineRemoved => "supprimée".into(),
        Msg::Live { epoch_ms } => format!("En direct · mis à jour à {}", f.clock(*epoch_ms)),
        Msg::FollowPaused { minutes } => format!("Mises à jour en direct suspendues après {} minutes.", f.integer(*minutes)),
        Msg::FollowStopped => "Mises à jour en direct arrêtées :".into(),
        Msg::Retry => "Réessayer".into(),
        Msg::FollowUnavailable => "Toujours en cours. Cet hôte ne laisse pas le widget demander des mises à jour : redemandez à l’assistant pour voir comment cela s’est terminé.".into(),
        Msg::RowDetails => "Détails".into(),
        Msg::RowDetailsOf { name } => format!("Détails de {name}"),
        Msg::Actions => "Actions".into(),
        Msg::Copy => "Copier".into(),
        Msg::CopyValue { value } => format!("Copier {value}"),
        Msg::Copied => "Copié dans le presse-papiers".into(),
        Msg::CopyFailed => "Copie impossible : l'hôte ne l'a pas autorisée".into(),
        Msg::Code => "code".into(),
        Msg::Find => "Rechercher".into(),
        Msg::FindPlaceholder => "dans toutes les lignes".into(),
        Msg::Rows { count: n } => count(f, *n, "ligne", "lignes"),
        Msg::RowsMatch { shown, total } => format!("{} lignes sur {} correspondent", f.integer(*shown), f.integer(*total)),
        Msg::MoreColumns { count: n } => format!("{} de plus", count(f, *n, "colonne", "colonnes")),
        Msg::FewerColumns => "Moins de colonnes".into(),
        Msg::MoreFields { count: n } => format!("{} de plus, vides", count(f, *n, "champ", "champs")),
        Msg::ProgressColumn => "Progression".into(),
        Msg::DurationColumn => "Durée".into(),
        Msg::BlocksDone { done, total } => format!("{}/{} {}", f.integer(*done), f.integer(*total), if *total <= 1 { "bloc" } else { "blocs" }),
        Msg::RunTimeline => "Blocs de cette exécution, dans le temps".into(),
        Msg::StillRunning => "en cours".into(),
        Msg::NotStarted => "non démarré".into(),
        Msg::Shape { rows, columns } => format!("{} × {}", count(f, *rows, "ligne", "lignes"), count(f, *columns, "colonne", "colonnes")),
        Msg::SampleOf { count } => format!("échantillon de {}", f.integer(*count)),
        Msg::CopyTsv => "Copier en TSV".into(),
        Msg::NoOutputData => "Cette sortie ne contient aucune donnée.".into(),
        Msg::LogLines { count: n } => count(f, *n, "ligne", "lignes"),
        Msg::EmptyLog => "Ce fichier est vide.".into(),
        Msg::FirstError => "Première erreur".into(),
        Msg::ShowInLog => "Voir dans le journal".into(),
        Msg::LineDetails => "Détails de la ligne".into(),
        Msg::TableOf { title } => format!("{title} : tableau"),
        Msg::SharedValue { noun: n, value } => {
            format!("{} : {value}", crate::text::capitalize(&noun(n, false)))
        }
    }
}
