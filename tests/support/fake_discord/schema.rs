//! Discord's published description of its HTTP API (OpenAPI 3.1, vendored in
//! `tests/support/discord-api-spec/`), used to find a request's route and to validate its body.
//!
//! The document is parsed once per test process; the validator of each route and method is
//! compiled the first time a request uses it, then kept.

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

/// The compiled validator of each (method, route template); `None` where the route takes no
/// JSON body.
type Validators = HashMap<(String, String), Option<Arc<Validator>>>;

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

    /// The validator of the JSON request body of `method` on `template`; `None` when the spec
    /// gives that route no JSON body.
    fn validator(&self, method: &str, template: &str) -> Option<Arc<Validator>> {
        let key = (method.to_ascii_lowercase(), template.to_owned());
        let mut validators = self.validators.lock().unwrap();
        validators
            .entry(key.clone())
            .or_insert_with(|| {
                let body = &self.document["paths"][template][&key.0]["requestBody"];
                body["content"]["application/json"]["schema"].as_object()?;
                // The request schema, referred to from a copy of the whole document so that its
                // `#/components/...` references resolve.
                let pointer = format!(
                    "#/paths/{}/{}/requestBody/content/application~1json/schema",
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

/// Checks a JSON body (or a multipart request's `payload_json`) against the request schema of
/// `method` on `template`; every error found, or none.
pub fn validate(method: &str, template: &str, body: &Value) -> Vec<SchemaError> {
    let Some(validator) = DOCUMENT.validator(method, template) else {
        return Vec::new();
    };
    let body = tolerate_known_discrepancies(body);
    validator
        .iter_errors(&body)
        .map(|error| SchemaError {
            at: error.instance_path().to_string(),
            message: error.to_string(),
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
