//! ScriptedTool demo (seed 001): an e-commerce API whose four endpoints — get_user,
//! list_orders, get_inventory, create_discount — become commands of one bash tool, so a model
//! can gather and combine data from all of them in a single call.
//!
//! Run: `cargo run --example scripted_tool --features scripted_tool`

use sandsh::tool::{ScriptedTool, Tool, ToolDef, ToolRequest, block_on};
use serde_json::json;

fn build() -> ScriptedTool {
    ScriptedTool::builder("ecommerce_api")
        .short_description("E-commerce API: users, orders, inventory and discounts")
        .tool(
            ToolDef::new("get_user", "Fetch user by ID").with_schema(json!({
                "type": "object",
                "properties": {"id": {"type": "integer", "description": "User ID"}},
                "required": ["id"]
            })),
            |args| {
                let id = args.param_i64("id").ok_or("missing --id")?;
                let (name, tier) = match id {
                    1 => ("Alice", "gold"),
                    2 => ("Bob", "silver"),
                    3 => ("Carol", "bronze"),
                    _ => return Err(format!("user {id} not found")),
                };
                Ok(format!(
                    "{}\n",
                    json!({"id": id, "name": name, "tier": tier})
                ))
            },
        )
        .tool(
            ToolDef::new(
                "list_orders",
                "List orders for user, one per line: ID SKU AMOUNT",
            )
            .with_schema(json!({
                "type": "object",
                "properties": {"user_id": {"type": "integer", "description": "User ID"}},
                "required": ["user_id"]
            })),
            |args| {
                let uid = args.param_i64("user_id").ok_or("missing --user_id")?;
                Ok(match uid {
                    1 => "1001 SKU-1 120\n1002 SKU-2 80\n1003 SKU-1 40\n",
                    2 => "2001 SKU-3 15\n",
                    _ => "",
                }
                .to_string())
            },
        )
        .tool(
            ToolDef::new("get_inventory", "Stock level of a product").with_schema(json!({
                "type": "object",
                "properties": {"sku": {"type": "string", "description": "Product SKU"}},
                "required": ["sku"]
            })),
            |args| {
                let sku = args.param_str("sku").ok_or("missing --sku")?;
                let stock = match sku {
                    "SKU-1" => 3,
                    "SKU-2" => 0,
                    "SKU-3" => 42,
                    _ => return Err(format!("unknown sku {sku}")),
                };
                Ok(format!("{sku} {stock}\n"))
            },
        )
        .tool(
            ToolDef::new("create_discount", "Create a discount code for a user").with_schema(
                json!({
                    "type": "object",
                    "properties": {
                        "user_id": {"type": "integer"},
                        "percent": {"type": "number"},
                        "dry_run": {"type": "boolean"}
                    },
                    "required": ["user_id", "percent"]
                }),
            ),
            |args| {
                let uid = args.param_i64("user_id").ok_or("missing --user_id")?;
                let pct = args.param_f64("percent").ok_or("missing --percent")?;
                if !(0.0..=50.0).contains(&pct) {
                    return Err(format!("percent {pct} out of range (0-50)"));
                }
                let dry = args.param_bool("dry_run").unwrap_or(false);
                let code = format!("SAVE{}-U{uid}", pct as i64);
                Ok(if dry {
                    format!("would create {code}\n")
                } else {
                    format!("created {code}\n")
                })
            },
        )
        .env("STORE", "demo-store")
        .build()
}

fn main() {
    let tool = build();
    println!("{}", tool.system_prompt());

    let scripts = [
        (
            "One call, three tools: a user's orders and the stock of each product",
            r#"get_user --id 1
list_orders --user_id 1 | while read -r order sku amount; do
  echo "order $order: $sku x $amount, stock $(get_inventory --sku "$sku" < /dev/null | cut -d' ' -f2)"
done"#,
        ),
        (
            "Totals with shell arithmetic, a discount for big spenders",
            r#"total=0
for amount in $(list_orders --user_id 1 | cut -d' ' -f3); do total=$((total + amount)); done
echo "user 1 spent $total at $STORE"
if [ "$total" -gt 200 ]; then create_discount --user_id 1 --percent 10 --dry_run; fi"#,
        ),
        (
            "Errors and fallbacks",
            r#"get_user --id 9 || echo "no user 9, continuing"
create_discount --user_id 2 --percent 80 || echo "discount refused"
case "$(get_inventory --sku SKU-2)" in *" 0") echo "SKU-2 is out of stock";; esac"#,
        ),
        (
            "JSON through jq, when this build has it",
            r#"if command -v jq >/dev/null; then get_user --id 2 | jq -r .name; else echo "jq is not available in this build"; fi"#,
        ),
    ];
    for (title, script) in scripts {
        println!("--- {title}\n$ {}\n", script.replace('\n', "\n$ "));
        let r = block_on(tool.execute(ToolRequest::new(script)));
        print!("{}", r.stdout);
        if !r.stderr.is_empty() {
            print!("[stderr] {}", r.stderr);
        }
        println!("[exit {}]\n", r.exit_code);
    }
}
