//! A small static file server for `dist/` (127.0.0.1 only), with the MIME types
//! browsers insist on: `application/wasm` for streaming compilation, JavaScript
//! for module scripts.

use crate::Result;
use std::net::SocketAddr;
use std::path::{Component, Path, PathBuf};

/// A server running on background threads; it stops when the process exits.
pub struct Running {
    pub addr: SocketAddr,
}

/// Serves `site` until the process is killed, printing the URL first.
pub fn serve_forever(site: &Path, port: u16) -> Result {
    let addr = start(site, port)?;
    println!(
        "\nptxlab: serving {} at http://{addr}/  (Ctrl-C stops)",
        site.display()
    );
    loop {
        std::thread::park();
    }
}

/// Serves `site` on a background thread; port 0 picks a free port.
pub fn spawn(site: &Path, port: u16) -> Result<Running> {
    Ok(Running {
        addr: start(site, port)?,
    })
}

fn start(site: &Path, port: u16) -> Result<SocketAddr> {
    if !site.join("index.html").exists() {
        return Err(format!(
            "{} has no index.html; run `cargo xtask dist`",
            site.display()
        ));
    }
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or("server has no IP address")?;
    // A thread per request: a response a client stops reading (a page
    // closed mid-download, a browser holding its socket) blocks only its
    // own thread. With a fixed pool of four, four such writes stopped the
    // server and the next browser's navigation timed out.
    let site = site.to_path_buf();
    std::thread::spawn(move || {
        for request in server.incoming_requests() {
            let site = site.clone();
            std::thread::spawn(move || respond(&site, request));
        }
    });
    Ok(addr)
}

fn respond(site: &Path, request: tiny_http::Request) {
    let url_path = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_string();
    let response =
        match resolve(site, &url_path).and_then(|p| std::fs::read(&p).ok().map(|b| (p, b))) {
            Some((path, bytes)) => tiny_http::Response::from_data(bytes)
                .with_header(header("Content-Type", mime_type(&path)))
                .with_header(header("Cache-Control", "no-cache")),
            None => tiny_http::Response::from_data(b"not found\n".to_vec())
                .with_status_code(404)
                .with_header(header("Content-Type", "text/plain; charset=utf-8")),
        };
    // A client that went away is not our problem.
    let _ = request.respond(response);
}

/// The file for a URL path, never outside `site`.
fn resolve(site: &Path, url_path: &str) -> Option<PathBuf> {
    let rel = Path::new(url_path.trim_start_matches('/'));
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let path = site.join(rel);
    let path = if path.is_dir() {
        path.join("index.html")
    } else {
        path
    };
    path.is_file().then_some(path)
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn mime_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "cu" | "ptx" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_is_served_as_application_wasm() {
        assert_eq!(mime_type(Path::new("pkg/app_bg.wasm")), "application/wasm");
        assert_eq!(
            mime_type(Path::new("pkg/app.js")),
            "text/javascript; charset=utf-8"
        );
    }

    /// Clients that ask for a large file and never read the response hold
    /// only their own threads: a page is still served beside them (a fixed
    /// pool of four threads stopped serving after four such clients).
    #[test]
    fn clients_that_stop_reading_do_not_stop_the_server() {
        use std::io::{Read, Write};
        use std::net::TcpStream;
        use std::time::Duration;
        let site = std::env::temp_dir().join(format!("ptxlab-serve-test-{}", std::process::id()));
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("index.html"), "<p>ok</p>").unwrap();
        std::fs::write(site.join("big.wasm"), vec![0u8; 64 << 20]).unwrap();
        let addr = start(&site, 0).unwrap();
        let stalled: Vec<TcpStream> = (0..6)
            .map(|_| {
                let mut c = TcpStream::connect(addr).unwrap();
                c.write_all(b"GET /big.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
                    .unwrap();
                c
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        let mut c = TcpStream::connect(addr).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        c.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut body = String::new();
        c.read_to_string(&mut body).expect("the page is served");
        assert!(body.contains("<p>ok</p>"), "{body}");
        drop(stalled);
        let _ = std::fs::remove_dir_all(&site);
    }

    #[test]
    fn paths_outside_the_site_are_refused() {
        let site = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(resolve(site, "/../Cargo.toml").is_none());
        assert!(resolve(site, "/Cargo.toml").is_some());
    }
}
