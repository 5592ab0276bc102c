//! Tool definitions in the shapes model APIs expect, and validation of a model's arguments.
//!
//! The three shapes (OpenAI function, Anthropic tool, MCP tool) carry the same facts — name,
//! description, JSON Schema of the arguments — so one [`ToolDefinition`] renders all three.
//! Validation covers the subset of JSON Schema that tool schemas actually use (type, required,
//! properties, additionalProperties, enum, items, minimum/maximum, min/max length and items);
//! a full validator crate would cost more compile time than the whole tool layer.

use serde_json::{Value, json};

use super::traits::{RiskLevel, Tool, ToolError};

/// What a model needs to know to call a tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    /// JSON Schema of the arguments.
    pub parameters: Value,
    pub risk: RiskLevel,
}

impl ToolDefinition {
    /// The definition of a tool (its full `description()` and `input_schema()`).
    pub fn of(tool: &dyn Tool) -> Self {
        ToolDefinition {
            name: tool.name().to_string(),
            description: tool.description(),
            parameters: tool.input_schema(),
            risk: tool.risk_level(),
        }
    }

    /// `{"type": "function", "function": {name, description, parameters}}`
    pub fn to_openai(&self) -> Value {
        json!({
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": self.parameters,
            }
        })
    }

    /// `{name, description, input_schema}`
    pub fn to_anthropic(&self) -> Value {
        json!({
            "name": self.name,
            "description": self.description,
            "input_schema": self.parameters,
        })
    }

    /// `{name, description, inputSchema, annotations}`; the hints follow the risk level.
    pub fn to_mcp(&self) -> Value {
        json!({
            "name": self.name,
            "description": self.description,
            "inputSchema": self.parameters,
            "annotations": {
                "title": self.name,
                "readOnlyHint": self.risk == RiskLevel::ReadOnly,
                "destructiveHint": self.risk >= RiskLevel::MediumRisk,
            },
        })
    }
}

/// Check `value` against `schema`; the error names the offending path (`/items/0/id`).
pub fn validate(schema: &Value, value: &Value) -> Result<(), ToolError> {
    check(schema, value, "")
}

fn violation(path: &str, message: String) -> ToolError {
    ToolError::SchemaViolation {
        path: if path.is_empty() {
            "/".to_string()
        } else {
            path.to_string()
        },
        message,
    }
}

fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_type(v: &Value, t: &str) -> bool {
    match t {
        "number" => v.is_number(),
        "integer" => match v {
            Value::Number(n) => {
                n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
            }
            _ => false,
        },
        other => type_of(v) == other,
    }
}

fn check(schema: &Value, v: &Value, path: &str) -> Result<(), ToolError> {
    let Some(s) = schema.as_object() else {
        // `true`, `{}` and anything unexpected accept everything.
        return match schema {
            Value::Bool(false) => Err(violation(path, "no value is allowed here".into())),
            _ => Ok(()),
        };
    };
    if let Some(t) = s.get("type") {
        let types: Vec<&str> = match t {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty() && !types.iter().any(|t| is_type(v, t)) {
            return Err(violation(
                path,
                format!("expected {}, got {}", types.join(" or "), type_of(v)),
            ));
        }
    }
    if let Some(Value::Array(options)) = s.get("enum")
        && !options.contains(v)
    {
        let list: Vec<String> = options.iter().map(Value::to_string).collect();
        return Err(violation(
            path,
            format!("{v} is not one of {}", list.join(", ")),
        ));
    }
    if let Some(n) = v.as_f64() {
        if let Some(min) = s.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            return Err(violation(
                path,
                format!("{v} is less than the minimum {min}"),
            ));
        }
        if let Some(max) = s.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            return Err(violation(
                path,
                format!("{v} is more than the maximum {max}"),
            ));
        }
    }
    if let Some(text) = v.as_str() {
        let len = text.chars().count() as u64;
        if let Some(min) = s.get("minLength").and_then(Value::as_u64)
            && len < min
        {
            return Err(violation(path, format!("shorter than {min} characters")));
        }
        if let Some(max) = s.get("maxLength").and_then(Value::as_u64)
            && len > max
        {
            return Err(violation(path, format!("longer than {max} characters")));
        }
    }
    if let Some(items) = v.as_array() {
        let len = items.len() as u64;
        if let Some(min) = s.get("minItems").and_then(Value::as_u64)
            && len < min
        {
            return Err(violation(path, format!("fewer than {min} items")));
        }
        if let Some(max) = s.get("maxItems").and_then(Value::as_u64)
            && len > max
        {
            return Err(violation(path, format!("more than {max} items")));
        }
        if let Some(item_schema) = s.get("items") {
            for (i, item) in items.iter().enumerate() {
                check(item_schema, item, &format!("{path}/{i}"))?;
            }
        }
    }
    if let Some(obj) = v.as_object() {
        if let Some(Value::Array(req)) = s.get("required") {
            for r in req.iter().filter_map(Value::as_str) {
                if !obj.contains_key(r) {
                    return Err(violation(
                        &format!("{path}/{r}"),
                        format!("missing required property '{r}'"),
                    ));
                }
            }
        }
        let props = s.get("properties").and_then(Value::as_object);
        for (k, val) in obj {
            let sub = format!("{path}/{k}");
            match props.and_then(|p| p.get(k)) {
                Some(ps) => check(ps, val, &sub)?,
                None => match s.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        return Err(violation(&sub, format!("unknown property '{k}'")));
                    }
                    Some(extra @ Value::Object(_)) => check(extra, val, &sub)?,
                    _ => {}
                },
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Value {
        json!({
            "type": "object",
            "required": ["operation", "path"],
            "properties": {
                "operation": {"type": "string", "enum": ["read", "list"]},
                "path": {"type": "string", "minLength": 1},
                "limit": {"type": "integer", "minimum": 1, "maximum": 10},
                "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2}
            },
            "additionalProperties": false
        })
    }

    fn err_path(v: Value) -> String {
        match validate(&schema(), &v) {
            Err(ToolError::SchemaViolation { path, .. }) => path,
            other => panic!("expected a violation, got {other:?}"),
        }
    }

    #[test]
    fn accepts_valid_arguments() {
        let v = json!({"operation": "read", "path": "/a", "limit": 3, "tags": ["x"]});
        assert_eq!(validate(&schema(), &v), Ok(()));
        // 3.0 is an integer as far as JSON Schema is concerned.
        assert!(validate(&json!({"type": "integer"}), &json!(3.0)).is_ok());
    }

    #[test]
    fn reports_the_offending_path() {
        assert_eq!(err_path(json!({"operation": "read"})), "/path");
        assert_eq!(
            err_path(json!({"operation": "write", "path": "/a"})),
            "/operation"
        );
        assert_eq!(err_path(json!({"operation": "read", "path": 1})), "/path");
        assert_eq!(err_path(json!({"operation": "read", "path": ""})), "/path");
        assert_eq!(
            err_path(json!({"operation": "read", "path": "/a", "limit": 11})),
            "/limit"
        );
        assert_eq!(
            err_path(json!({"operation": "read", "path": "/a", "tags": ["x", 2]})),
            "/tags/1"
        );
        assert_eq!(
            err_path(json!({"operation": "read", "path": "/a", "extra": true})),
            "/extra"
        );
        assert_eq!(err_path(json!([1])), "/");
    }

    #[test]
    fn type_unions_and_empty_schemas() {
        let s = json!({"type": ["string", "null"]});
        assert!(validate(&s, &json!(null)).is_ok());
        assert!(validate(&s, &json!(1)).is_err());
        assert!(validate(&json!({}), &json!({"anything": [1, 2]})).is_ok());
    }

    #[test]
    fn definition_shapes() {
        let d = ToolDefinition {
            name: "fs".into(),
            description: "files".into(),
            parameters: json!({"type": "object"}),
            risk: RiskLevel::ReadOnly,
        };
        assert_eq!(d.to_openai()["function"]["name"], "fs");
        assert_eq!(d.to_openai()["type"], "function");
        assert_eq!(d.to_anthropic()["input_schema"]["type"], "object");
        let m = d.to_mcp();
        assert_eq!(m["inputSchema"]["type"], "object");
        assert_eq!(m["annotations"]["readOnlyHint"], true);
        assert_eq!(m["annotations"]["destructiveHint"], false);
        let high = ToolDefinition {
            risk: RiskLevel::HighRisk,
            ..d
        };
        assert_eq!(high.to_mcp()["annotations"]["destructiveHint"], true);
    }
}
