//! Which names a request may reach the pages by. Play at this screen moves for whoever reaches
//! it, so a page elsewhere must not reach it through a name of its own that resolves to this
//! machine (DNS rebinding): its requests would carry that name in `Host`. There, only the
//! listening address, `localhost` (when it listens on loopback) and the names the operator
//! gives are answered; any other is refused with 421 Misdirected Request. The pages Discord
//! links to are reached by their public address, through proxies: any name is answered.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::HOST;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The names (`host:port`) requests may name in `Host`, or any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hosts {
    /// Any name (the pages for Discord, behind their public address).
    Any,
    /// Only these, lowercase.
    Only(Arc<[String]>),
}

impl Hosts {
    /// The names a server listening on `addr` answers to: that address, `localhost` and the
    /// loopback addresses when it listens on loopback (or on every address), and `others`
    /// (`name` or `name:port`; the port is `addr`'s when left out).
    #[must_use]
    pub fn of_address(addr: SocketAddr, others: &[String]) -> Hosts {
        let port = addr.port();
        let mut names = vec![addr.to_string()];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            for name in ["localhost", "127.0.0.1", "[::1]"] {
                names.push(format!("{name}:{port}"));
            }
        }
        for other in others {
            let other = other.trim().to_ascii_lowercase();
            let has_port = other
                .rsplit_once(':')
                .is_some_and(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && !other.ends_with(']');
            names.push(if has_port {
                other
            } else {
                format!("{other}:{port}")
            });
        }
        names.sort();
        names.dedup();
        Hosts::Only(names.into())
    }

    /// Whether a request naming `host` is answered.
    #[must_use]
    pub fn allow(&self, host: Option<&str>) -> bool {
        match self {
            Hosts::Any => true,
            Hosts::Only(names) => {
                host.is_some_and(|host| names.iter().any(|name| name.eq_ignore_ascii_case(host)))
            }
        }
    }
}

/// Refuses with 421 a request whose `Host` (or, in HTTP/2, authority) is not one of `hosts`.
pub(super) async fn check(State(hosts): State<Hosts>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()));
    if !hosts.allow(host) {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "this server does not answer to that name",
        )
            .into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loopback_server_answers_to_its_address_localhost_and_the_names_given() {
        let addr: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let hosts = Hosts::of_address(addr, &["Games.Lan".to_owned(), "box:9000".to_owned()]);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
            "games.lan:8080",
            "box:9000",
        ] {
            assert!(hosts.allow(Some(host)), "{host}");
        }
        for host in [
            "attacker.example:8080",
            "localhost:8081",
            "localhost",
            "127.0.0.1",
            "games.lan:9000",
            "",
        ] {
            assert!(!hosts.allow(Some(host)), "{host}");
        }
        assert!(!hosts.allow(None), "no Host at all");
        assert!(Hosts::Any.allow(Some("anything.example")));
        assert!(Hosts::Any.allow(None));
    }

    #[test]
    fn a_network_server_answers_to_its_address_but_not_localhost() {
        let addr: SocketAddr = "192.168.1.5:8080".parse().unwrap();
        let hosts = Hosts::of_address(addr, &[]);
        assert!(hosts.allow(Some("192.168.1.5:8080")));
        assert!(!hosts.allow(Some("localhost:8080")));
    }
}
