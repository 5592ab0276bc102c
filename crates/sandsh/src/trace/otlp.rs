//! The trace as OpenTelemetry spans, sent over OTLP/HTTP (JSON) by the `opentelemetry` crates
//! (feature `otel`; the CLI's and MCP server's `--otlp URL`).
//!
//! Each run is a span (`sandsh.run`) and each command it ran a child span named after the
//! command, with the times the events carry: the commands of a run are held until the run
//! ends, then the run's span and its children are made with their own start and end times
//! and the batch is flushed, so a trace is complete when the run's result is returned. The
//! spans leave on the SDK's own exporting thread.

use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use opentelemetry::trace::{Span, SpanKind, Status, TraceContextExt, Tracer, TracerProvider};
use opentelemetry::{Context, KeyValue};
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::trace::SdkTracerProvider;

use super::{TraceEvent, TraceSink};

/// A sink exporting spans to an OTLP/HTTP endpoint.
pub struct OtlpSink {
    provider: SdkTracerProvider,
    tracer: opentelemetry_sdk::trace::Tracer,
    /// The commands of the run in progress.
    pending: Mutex<Vec<TraceEvent>>,
}

impl OtlpSink {
    /// Spans to `endpoint` (a collector's base URL such as `http://127.0.0.1:4318`; the
    /// traces path `/v1/traces` is added unless the URL already ends with it).
    pub fn new(endpoint: &str) -> Result<OtlpSink, String> {
        // The exporter's HTTP client is built without TLS (its TLS stacks would add a C build):
        // an https collector is refused here rather than failing on every export unseen.
        if !endpoint.starts_with("http://") {
            return Err(
                "OTLP is sent over plain http:// only; https is not supported (send it to a local collector)"
                    .to_string(),
            );
        }
        let endpoint = endpoint.trim_end_matches('/');
        let url = if endpoint.ends_with("/v1/traces") {
            endpoint.to_string()
        } else {
            format!("{endpoint}/v1/traces")
        };
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(Protocol::HttpJson)
            .with_endpoint(url)
            .with_timeout(Duration::from_secs(5))
            .build()
            .map_err(|e| format!("OTLP exporter: {e}"))?;
        let provider = SdkTracerProvider::builder()
            .with_batch_exporter(exporter)
            .with_resource(
                opentelemetry_sdk::Resource::builder()
                    .with_service_name("sandsh")
                    .build(),
            )
            .build();
        let tracer = provider.tracer("sandsh");
        Ok(OtlpSink {
            provider,
            tracer,
            pending: Mutex::new(Vec::new()),
        })
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, Vec<TraceEvent>> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Now on the host's clock: OTLP spans carry wall-clock times.
#[allow(clippy::disallowed_methods)]
fn wall_now() -> SystemTime {
    SystemTime::now()
}

impl TraceSink for OtlpSink {
    fn record(&self, event: &TraceEvent) {
        let TraceEvent::Run {
            run,
            status,
            duration,
            error,
            message,
            stdout_cut,
            stderr_cut,
        } = event
        else {
            self.pending().push(event.clone());
            return;
        };
        let end = wall_now();
        let start = end.checked_sub(*duration).unwrap_or(end);
        let mut attrs = vec![
            KeyValue::new("sandsh.run", *run as i64),
            KeyValue::new("sandsh.status", i64::from(*status)),
        ];
        if let Some(e) = error {
            attrs.push(KeyValue::new("sandsh.error", *e));
        }
        if let Some(m) = message {
            attrs.push(KeyValue::new("sandsh.message", m.clone()));
        }
        for (key, cut) in [
            ("sandsh.stdout_cut", stdout_cut),
            ("sandsh.stderr_cut", stderr_cut),
        ] {
            if let Some(cut) = cut {
                attrs.push(KeyValue::new(key, cut.total as i64));
            }
        }
        let mut run_span = self
            .tracer
            .span_builder("sandsh.run")
            .with_kind(SpanKind::Internal)
            .with_start_time(start)
            .with_attributes(attrs)
            .start(&self.tracer);
        if error.is_some() {
            run_span.set_status(Status::error(message.clone().unwrap_or_default()));
        }
        let cx = Context::new().with_remote_span_context(run_span.span_context().clone());
        // A command's span under the run's, with the attributes every command span has.
        let child = |name: String, args: Vec<String>, cwd, status: i32, at, more: Vec<KeyValue>| {
            let mut attrs = vec![
                KeyValue::new("sandsh.command", name.clone()),
                KeyValue::new("sandsh.args", args.join(" ")),
                KeyValue::new("sandsh.cwd", cwd),
                KeyValue::new("sandsh.status", i64::from(status)),
            ];
            attrs.extend(more);
            self.tracer
                .span_builder(name)
                .with_start_time(at)
                .with_attributes(attrs)
                .start_with_context(&self.tracer, &cx)
        };
        for c in std::mem::take(&mut *self.pending()) {
            match c {
                TraceEvent::Command {
                    name,
                    args,
                    cwd,
                    status,
                    start: offset,
                    duration,
                    stdin_bytes,
                    stdout_bytes,
                    stderr_bytes,
                    ..
                } => {
                    let begin = start + offset;
                    let bytes = vec![
                        KeyValue::new("sandsh.stdin_bytes", stdin_bytes as i64),
                        KeyValue::new("sandsh.stdout_bytes", stdout_bytes as i64),
                        KeyValue::new("sandsh.stderr_bytes", stderr_bytes as i64),
                    ];
                    let mut span = child(name, args, cwd, status, begin, bytes);
                    span.end_with_timestamp(begin + duration);
                }
                TraceEvent::Refused {
                    name,
                    args,
                    cwd,
                    by,
                    status,
                    message,
                    start: offset,
                    ..
                } => {
                    let at = start + offset;
                    let refusal = vec![
                        KeyValue::new("sandsh.refused", by),
                        KeyValue::new("sandsh.message", message.trim_end().to_string()),
                    ];
                    let mut span = child(name, args, cwd, status, at, refusal);
                    span.set_status(Status::error(message.trim_end().to_string()));
                    span.end_with_timestamp(at);
                }
                TraceEvent::Run { .. } => {}
            }
        }
        run_span.end_with_timestamp(end);
        // A trace is complete when its run has returned (and a CLI process may exit next).
        let _ = self.provider.force_flush();
    }
}

impl Drop for OtlpSink {
    fn drop(&mut self) {
        let _ = self.provider.shutdown();
    }
}
