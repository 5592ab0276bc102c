//! One worker thread per shell: the calls that run or wait for the session (a run, a file, a
//! snapshot) queue there, in order, and answer through a promise. A thread per shell rather
//! than libuv's pool: a run may wait for a JavaScript command, and four shells doing that
//! would otherwise hold every pool thread that the JavaScript side's own I/O needs. The
//! thread is made with the shell and ends when the shell is garbage-collected (its queue's
//! sender is dropped).

use std::sync::Mutex;
use std::sync::mpsc::{Sender, channel};

use napi::bindgen_prelude::{Object, ToNapiValue};
use napi::{Env, JsDeferred};

use crate::js_error;

type Job = Box<dyn FnOnce() + Send>;

pub(crate) struct Worker {
    queue: Mutex<Sender<Job>>,
}

impl Worker {
    pub(crate) fn start(name: &str) -> napi::Result<Worker> {
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                for job in rx {
                    job();
                }
            })
            .map_err(|e| js_error("SandshError", format!("cannot start a worker thread: {e}")))?;
        Ok(Worker {
            queue: Mutex::new(tx),
        })
    }

    /// Run `work` on the worker; the promise settles with what `finish` makes of its result
    /// on the JavaScript thread.
    pub(crate) fn submit<'env, T, V>(
        &self,
        env: &'env Env,
        work: impl FnOnce() -> T + Send + 'static,
        finish: impl FnOnce(Env, T) -> napi::Result<V> + Send + 'static,
    ) -> napi::Result<Object<'env>>
    where
        T: Send + 'static,
        V: ToNapiValue + 'static,
    {
        let (deferred, promise) = env.create_deferred()?;
        let job: Job = Box::new(move || {
            let out = work();
            resolve(deferred, move |env| finish(env, out));
        });
        let sent = self
            .queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job);
        if sent.is_err() {
            return Err(js_error(
                "SandshError",
                "the shell's worker thread has ended",
            ));
        }
        Ok(promise)
    }
}

fn resolve<V: ToNapiValue, F: FnOnce(Env) -> napi::Result<V>>(d: JsDeferred<V, F>, f: F) {
    d.resolve(f);
}
