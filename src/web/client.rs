//! Who a request comes from, as the rate limits count: the person a valid Activity session
//! names, else the client's network address.
//!
//! The address is the TCP peer's, unless the peer is a proxy the operator trusts
//! (the bot's `TRUSTED_PROXIES`): then it is the nearest address in `X-Forwarded-For` that is not one of
//! those proxies (read from the right, since a client may write anything on the left). An
//! IPv6 address counts as its /64, which one subscriber usually holds whole; an IPv4 address
//! inside IPv6 counts as the IPv4 address.

use std::net::{IpAddr, Ipv6Addr};

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use ipnet::IpNet;

use crate::model::UserId;

/// Who a request is counted against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Client {
    /// A person signed in to the Activity (their session checked).
    Person(UserId),
    /// A network address (an IPv6 one as its /64).
    Network(IpAddr),
}

/// The session token of `Authorization: Bearer <session>`, if any.
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
}

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// The proxies in `networks` (an address is a network of one).
    #[must_use]
    pub fn new(networks: Vec<IpNet>) -> TrustedProxies {
        TrustedProxies(networks)
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&address))
    }

    /// The client's address of a request from `peer` with `headers` (see the module's doc).
    pub(super) fn client_address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        let mut client = peer;
        for entry in forwarded.iter().rev() {
            let Ok(address) = entry.parse::<IpAddr>() else {
                // Unreadable from here on: the last address a trusted proxy vouched for.
                break;
            };
            client = canonical(address);
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// `address` as counted: an IPv4 address inside IPv6 as itself, an IPv6 one as its /64.
pub(super) fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn proxies(networks: &[&str]) -> TrustedProxies {
        TrustedProxies::new(networks.iter().map(|n| n.parse().unwrap()).collect())
    }

    #[test]
    fn a_forwarded_address_is_believed_only_from_a_trusted_proxy() {
        let proxies = proxies(&["10.0.0.0/8", "127.0.0.1/32"]);
        let forwarded = headers(&["203.0.113.9"]);
        assert_eq!(
            proxies.client_address(ip("10.1.2.3"), &forwarded),
            ip("203.0.113.9")
        );
        assert_eq!(
            proxies.client_address(ip("198.51.100.7"), &forwarded),
            ip("198.51.100.7"),
            "anyone may write the header"
        );
        assert_eq!(
            proxies.client_address(ip("10.1.2.3"), &HeaderMap::new()),
            ip("10.1.2.3")
        );
    }

    #[test]
    fn the_nearest_untrusted_address_counts_not_what_the_client_wrote() {
        let proxies = proxies(&["10.0.0.0/8"]);
        // The client wrote 1.1.1.1 itself; its proxy appended what it saw, then a second
        // trusted proxy appended the first.
        let forwarded = headers(&["1.1.1.1, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(
            proxies.client_address(ip("10.0.0.6"), &forwarded),
            ip("203.0.113.9")
        );
        let garbled = headers(&["203.0.113.9, nonsense, 10.0.0.5"]);
        assert_eq!(
            proxies.client_address(ip("10.0.0.6"), &garbled),
            ip("10.0.0.5")
        );
    }

    #[test]
    fn an_ipv6_address_counts_as_its_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(
            canonical(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")),
            ip("2001:db8:1:2::")
        );
        assert_eq!(
            canonical(ip("2001:db8:1:2::1")),
            canonical(ip("2001:db8:1:2:ffff::9"))
        );
        assert_ne!(
            canonical(ip("2001:db8:1:2::1")),
            canonical(ip("2001:db8:1:3::1"))
        );
        assert_eq!(canonical(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }
}
