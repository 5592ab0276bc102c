//! napi-rs's link set-up for the addon (on Linux nothing is linked against Node: the Node-API
//! symbols are resolved when Node loads the addon).
fn main() {
    napi_build::setup();
}
