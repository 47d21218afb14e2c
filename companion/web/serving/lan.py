"""This machine's address on the local network: the one a phone on the same Wi-Fi opens.

Found without sending anything: ``connect`` on a UDP socket only asks the kernel which
of this machine's addresses it would send from to reach a destination (no packet
leaves), and the names this machine's host name resolves to add the rest. Of those,
a private LAN address (192.168.x.x, 10.x.x.x, 172.16-31.x.x) is the one phones can
open; loopback (127.0.0.1, which on a phone means the phone) never is.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Iterable

# Destinations in each private range and a documentation address (outside every LAN, so
# its route is the default one): what the kernel picks to reach them is this machine's
# address on that network. Nothing is sent to any of them.
PROBES = ("192.168.255.255", "10.255.255.255", "172.31.255.255", "198.51.100.1")
# Home and office networks (RFC 1918, and IPv6's unique local addresses).
LAN_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12", "fc00::/7"))


def _rank(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> int | None:
    """How likely a phone on the same network can open this address (lower is better); None: never."""
    if address.is_loopback or address.is_unspecified or address.is_multicast:
        return None
    if address.is_link_local:          # 169.254.x.x: a network without a router, last resort
        return 3
    if address.version == 6 and not any(address in network for network in LAN_NETWORKS):
        return 2                       # a LAN's phones are reached by IPv4 (or a local IPv6 address) first
    if any(address in network for network in LAN_NETWORKS):
        return 0
    return 1                           # any other address of this machine: reachable, less likely a LAN


def choose(candidates: Iterable[str]) -> str | None:
    """The best address of these for a phone on the same network, None when none will do."""
    ranked = []
    for order, text in enumerate(candidates):
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            continue
        rank = _rank(address)
        if rank is not None:
            ranked.append((rank, order, str(address)))
    return min(ranked)[2] if ranked else None


def _routed_addresses() -> list[str]:
    """The addresses this machine would send from to reach each probe (no packet is sent)."""
    found = []
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                sock.connect((probe, 9))
                found.append(sock.getsockname()[0])
            except OSError:                 # no route at all: no network
                continue
    return found


def _named_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def lan_address() -> str | None:
    """This machine's address for phones on the local network, None when it has no network."""
    return choose([*_routed_addresses(), *_named_addresses()])


def is_loopback_host(host: str) -> bool:
    """Whether a host name or address (no port) means "this machine" only to itself."""
    name = host.strip("[]").lower()
    if name in ("localhost", "localhost.localdomain") or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def url(scheme: str, host: str, port: int) -> str:
    """``scheme://host:port/``, brackets around an IPv6 address, no port when it is the scheme's own."""
    shown = f"[{host}]" if ":" in host else host
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{shown}/" if port == default else f"{scheme}://{shown}:{port}/"
