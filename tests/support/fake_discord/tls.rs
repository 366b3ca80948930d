//! The fake's REST API over TLS as `discord.com`. serenity's rate limiter sends every request
//! to `https://discord.com` (it ignores a proxy), so a bot that resolves `discord.com` to this
//! listener and trusts [`CERTIFICATE`] talks to the fake with the rate limiter it runs in
//! production. The certificate (`tls/cert.pem`, for `discord.com`, valid until 2126) and its
//! key were made once with `openssl req -x509 -newkey ec -pkeyopt
//! ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=discord.com -addext
//! subjectAltName=DNS:discord.com -addext basicConstraints=critical,CA:FALSE`; they protect
//! nothing but this fake on 127.0.0.1.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{ServerConfig, crypto};
use tokio_rustls::server::TlsStream;

/// The fake's certificate for `discord.com` (self-signed: the bot trusts it as a root).
pub const CERTIFICATE: &str = include_str!("tls/cert.pem");
/// Its private key.
const KEY: &str = include_str!("tls/key.pem");

/// Accepts TLS connections on a free port of 127.0.0.1, for `axum::serve`.
pub struct Listener {
    tcp: TcpListener,
    acceptor: TlsAcceptor,
}

impl Listener {
    /// Binds a free port.
    pub async fn bind() -> Listener {
        let certificate = CertificateDer::from_pem_slice(CERTIFICATE.as_bytes()).unwrap();
        let key = PrivateKeyDer::from_pem_slice(KEY.as_bytes()).unwrap();
        let provider = Arc::new(crypto::ring::default_provider());
        let config = ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![certificate], key)
            .unwrap();
        Listener {
            tcp: TcpListener::bind("127.0.0.1:0").await.unwrap(),
            acceptor: TlsAcceptor::from(Arc::new(config)),
        }
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.tcp.local_addr().unwrap()
    }
}

impl axum::serve::Listener for Listener {
    type Io = TlsStream<TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((tcp, addr)) = self.tcp.accept().await else {
                continue;
            };
            let _ = tcp.set_nodelay(true);
            if let Ok(tls) = self.acceptor.accept(tcp).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.tcp.local_addr()
    }
}
