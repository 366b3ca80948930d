//! Discord's published description of its HTTP API (OpenAPI 3.1, vendored in
//! `tests/support/discord-api-spec/`), used to find a request's route, the credentials it takes
//! (its `security`), and to validate its body (and, in the fake's own tests, its answers).
//!
//! The document is parsed once per test process; each validator is compiled the first time it
//! is used, then kept.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use jsonschema::Validator;
use serde_json::{Value, json};

/// The vendored `specs/openapi.json` of `discord/discord-api-spec`.
const SPEC: &str = include_str!("../discord-api-spec/openapi.json");

/// The parsed document, shared by every fake in the process.
static DOCUMENT: LazyLock<Spec> = LazyLock::new(|| {
    let document: Value = serde_json::from_str(SPEC).expect("the vendored OpenAPI document parses");
    Spec::new(document)
});

/// A route of the spec, e.g. `/channels/{channel_id}/messages`.
struct Route {
    /// The path template as the spec writes it.
    template: String,
    /// Its segments; `None` for a `{parameter}`.
    segments: Vec<Option<String>>,
    /// The methods it has, lowercase (`post`, `patch`, …).
    methods: Vec<String>,
}

/// The compiled validator of each (method, route template, part of the operation: the request
/// body, or the answer of one status); `None` where that part has no JSON schema.
type Validators = HashMap<(String, String, String), Option<Arc<Validator>>>;

/// The spec's routes and the compiled request validators.
struct Spec {
    document: Value,
    routes: Vec<Route>,
    validators: Mutex<Validators>,
}

/// A request body that does not match its route's schema: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    /// The JSON pointer of the offending value in the body, e.g. `/data/content`.
    pub at: String,
    /// What is wrong with it.
    pub message: String,
}

impl Spec {
    fn new(document: Value) -> Spec {
        let routes = document["paths"]
            .as_object()
            .map(|paths| {
                paths
                    .iter()
                    .map(|(template, item)| Route {
                        template: template.clone(),
                        segments: template
                            .trim_start_matches('/')
                            .split('/')
                            .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
                            .collect(),
                        methods: item
                            .as_object()
                            .map(|m| m.keys().filter(|k| *k != "parameters").cloned().collect())
                            .unwrap_or_default(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        Spec {
            document,
            routes,
            validators: Mutex::new(HashMap::new()),
        }
    }

    /// The most specific route template matching `path` (after `/api/v10`) that has `method`.
    fn route(&self, method: &str, path: &str) -> Option<&Route> {
        let method = method.to_ascii_lowercase();
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        self.routes
            .iter()
            .filter(|route| route.methods.contains(&method))
            .filter(|route| {
                route.segments.len() == segments.len()
                    && route
                        .segments
                        .iter()
                        .zip(&segments)
                        .all(|(want, got)| want.as_deref().is_none_or(|w| w == *got))
            })
            .max_by_key(|route| route.segments.iter().filter(|s| s.is_some()).count())
    }

    /// The validator of the JSON schema at `part` of `method` on `template` (`requestBody`, or
    /// `responses/200`…); `None` when the spec gives that part no JSON schema.
    fn validator(&self, method: &str, template: &str, part: &str) -> Option<Arc<Validator>> {
        let key = (
            method.to_ascii_lowercase(),
            template.to_owned(),
            part.to_owned(),
        );
        let mut validators = self.validators.lock().unwrap();
        validators
            .entry(key.clone())
            .or_insert_with(|| {
                let mut content = &self.document["paths"][template][&key.0];
                for step in part.split('/') {
                    content = &content[step];
                }
                content["content"]["application/json"]["schema"].as_object()?;
                // The schema, referred to from a copy of the whole document so that its
                // `#/components/...` references resolve.
                let pointer = format!(
                    "#/paths/{}/{}/{part}/content/application~1json/schema",
                    template
                        .replace('~', "~0")
                        .replace('/', "~1")
                        .replace('{', "%7B")
                        .replace('}', "%7D"),
                    key.0
                );
                let mut schema = self.document.clone();
                schema["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
                schema["$ref"] = json!(pointer);
                let validator = jsonschema::options()
                    .with_draft(jsonschema::Draft::Draft202012)
                    .build(&schema)
                    .unwrap_or_else(|e| panic!("the spec's schema for {template} compiles: {e}"));
                Some(Arc::new(validator))
            })
            .clone()
    }
}

/// The spec's template for `method` on `path` (after `/api/v10`), e.g.
/// `/channels/{channel_id}/messages`; `None` when Discord has no such route.
pub fn route(method: &str, path: &str) -> Option<String> {
    DOCUMENT.route(method, path).map(|r| r.template.clone())
}

/// What a route accepts as credentials: its `security` in the spec.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Security {
    /// No credentials at all (`{}`): interaction callbacks and webhooks with their token.
    pub anonymous: bool,
    /// The bot's token (`BotToken`).
    pub bot: bool,
    /// A Bearer token (`OAuth2`) with one of these scopes; with any scope when none are listed.
    pub bearer: Option<Vec<String>>,
}

/// The credentials `method` on `template` accepts, as the spec's `security` lists them.
pub fn security(method: &str, template: &str) -> Security {
    let operation = &DOCUMENT.document["paths"][template][method.to_ascii_lowercase()];
    let mut security = Security::default();
    for requirement in operation["security"].as_array().into_iter().flatten() {
        let Some(schemes) = requirement.as_object() else {
            continue;
        };
        security.anonymous |= schemes.is_empty();
        security.bot |= schemes.contains_key("BotToken");
        if let Some(scopes) = schemes.get("OAuth2").and_then(Value::as_array) {
            let scopes = scopes.iter().filter_map(Value::as_str).map(str::to_owned);
            security.bearer.get_or_insert_default().extend(scopes);
        }
    }
    security
}

/// Checks a JSON body (or a multipart request's `payload_json`) against the request schema of
/// `method` on `template`; every error found, or none.
pub fn validate(method: &str, template: &str, body: &Value) -> Vec<SchemaError> {
    let mut errors = unlisted_fields(template, body);
    if let Some(validator) = DOCUMENT.validator(method, template, "requestBody") {
        let body = tolerate_known_discrepancies(body);
        errors.extend(validator.iter_errors(&body).map(|error| SchemaError {
            at: error.instance_path().to_string(),
            message: error.to_string(),
        }));
    }
    errors
}

/// Checks an answer the fake gave to `method` on `template` with `status` against the spec's
/// schema of that answer (for the fake's own tests); every error found, or none.
pub fn validate_answer(method: &str, template: &str, status: u16, body: &Value) -> Vec<String> {
    let part = format!("responses/{status}");
    let Some(validator) = DOCUMENT.validator(method, template, &part) else {
        return vec![format!(
            "the spec has no JSON answer {status} for {method} {template}"
        )];
    };
    validator
        .iter_errors(body)
        .map(|error| format!("{}: {error}", error.instance_path()))
        .collect()
}

/// The fields of a request the spec's schema does not list, where the schema lists all that
/// Discord takes without closing the object: a `LAUNCH_ACTIVITY` callback
/// (`LaunchActivityInteractionCallbackRequest`) is `{"type": 12}`, with no `data`.
fn unlisted_fields(template: &str, body: &Value) -> Vec<SchemaError> {
    const LAUNCH_ACTIVITY: &str = "LaunchActivityInteractionCallbackRequest";
    let launches = template == "/interactions/{interaction_id}/{interaction_token}/callback"
        && body["type"].as_u64() == Some(12);
    let (true, Some(fields)) = (launches, body.as_object()) else {
        return Vec::new();
    };
    let listed = &DOCUMENT.document["components"]["schemas"][LAUNCH_ACTIVITY]["properties"];
    fields
        .keys()
        .filter(|field| listed.get(field.as_str()).is_none())
        .map(|field| SchemaError {
            at: format!("/{field}"),
            message: format!("{LAUNCH_ACTIVITY} has no field `{field}`"),
        })
        .collect()
}

/// The body with the two places where the spec is stricter than Discord itself brought in
/// line with the spec, and nothing else:
/// - upload placeholders: an attachment that stands for the `files[N]` part of the same request
///   has `"id": N`, which Discord accepts as an integer (serenity sends it so); the spec says
///   snowflake string.
/// - `default_member_permissions` of a command: Discord accepts (and documents) a string of
///   digits, which is what serenity sends; the spec says integer.
fn tolerate_known_discrepancies(body: &Value) -> Value {
    let mut body = body.clone();
    for at in ["/attachments", "/data/attachments"] {
        let attachments = body.pointer_mut(at).and_then(Value::as_array_mut);
        for attachment in attachments.into_iter().flatten() {
            if let Some(id) = attachment.get("id").and_then(Value::as_u64) {
                attachment["id"] = json!(id.to_string());
            }
        }
    }
    let commands: Vec<&mut Value> = match &mut body {
        Value::Array(commands) => commands.iter_mut().collect(),
        command @ Value::Object(_) => vec![command],
        _ => Vec::new(),
    };
    for command in commands {
        let digits = command
            .get("default_member_permissions")
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<u64>().ok());
        if let Some(permissions) = digits {
            command["default_member_permissions"] = json!(permissions);
        }
    }
    body
}

/// Discord's `errors` object for a 50035 answer: each error under its path, as
/// `{"data": {"content": {"_errors": [{"code": …, "message": …}]}}}`.
pub fn error_tree(errors: &[(String, String, String)]) -> Value {
    let mut tree = json!({});
    for (at, code, message) in errors {
        let mut node = &mut tree;
        for key in at.split('/').filter(|k| !k.is_empty()) {
            if !node.get(key).is_some_and(Value::is_object) {
                node[key] = json!({});
            }
            node = &mut node[key];
        }
        if !node.get("_errors").is_some_and(Value::is_array) {
            node["_errors"] = json!([]);
        }
        if let Some(list) = node["_errors"].as_array_mut() {
            list.push(json!({ "code": code, "message": message }));
        }
    }
    tree
}
