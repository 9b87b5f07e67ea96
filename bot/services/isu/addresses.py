"""Which hosts a results site may be read from: public addresses only (unless private ones are allowed: a local
mirror, the sandbox), every address a name resolves to checked, and the connection pinned to the checked addresses
(PinnedResolver) so that a second DNS answer (rebinding) cannot send it elsewhere.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

from aiohttp.abc import AbstractResolver, ResolveResult

from bot.services.isu.source_errors import ALLOW_PRIVATE_HINT, SourceError

_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


def address_problem(address: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why an address must not be fetched from without ``allow_private`` ("private", "loopback", ...), or None when it
    is a public address. IPv4-mapped (::ffff:10.0.0.1), 6to4, Teredo and NAT64 IPv6 addresses are judged by the IPv4
    address they carry as well."""
    if isinstance(address, str):
        try:
            ip: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(address)
        except ValueError:
            return "invalid"
    else:
        ip = address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.scope_id:
            return "scoped"
        embedded: list[ipaddress.IPv4Address] = []
        if ip.ipv4_mapped is not None:
            embedded.append(ip.ipv4_mapped)
        if ip.sixtofour is not None:
            embedded.append(ip.sixtofour)
        if ip.teredo is not None:
            embedded.extend(ip.teredo)
        if ip in _NAT64:
            embedded.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        for inner in embedded:
            problem = address_problem(inner)
            if problem is not None:
                return problem
        if ip.ipv4_mapped is not None:
            return None
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_loopback:
        return "loopback"
    if ip.is_link_local:
        return "link-local"
    if ip.is_multicast:
        return "multicast"
    if ip.is_private:
        return "private"
    if ip.is_reserved:
        return "reserved"
    if not ip.is_global:
        return "non-public"  # e.g. 100.64.0.0/10 (carrier-grade NAT)
    return None


async def resolve_host(host: str, port: int) -> list[tuple[socket.AddressFamily, str]]:
    """All addresses a host name (or literal) resolves to, as (family, address)."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    seen: list[tuple[socket.AddressFamily, str]] = []
    for family, _, _, _, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        address = str(sockaddr[0])
        if family == socket.AF_INET6 and len(sockaddr) >= 4 and sockaddr[3]:
            address = f"{address.split('%', 1)[0]}%{sockaddr[3]}"
        entry = (socket.AddressFamily(family), address)
        if entry not in seen:
            seen.append(entry)
    return seen


async def check_host(
    host: str, port: int = 80, *, allow_private: bool = False
) -> list[tuple[socket.AddressFamily, str]]:
    """Resolve a host and refuse (SourceError) if ANY of its addresses is not public, unless allow_private.
    Returns the checked addresses."""
    try:
        addresses = await resolve_host(host, port)
    except (socket.gaierror, UnicodeError) as exc:
        raise SourceError(f"cannot resolve the host {host} ({exc})") from exc
    if not addresses:
        raise SourceError(f"the host {host} has no IPv4/IPv6 address")
    if not allow_private:
        for _, address in addresses:
            problem = address_problem(address)
            if problem is not None:
                raise SourceError(f"the host resolves to a {problem} address ({address}); {ALLOW_PRIVATE_HINT}")
    return addresses


class PinnedResolver(AbstractResolver):
    """Hands aiohttp's connector only addresses that `check_host` already checked for that host.

    aiohttp resolves the host again when it connects; without this the second answer (a DNS rebinding attack) could
    differ from the checked one. With it the connection goes to a checked address. Hosts given as IP literals never
    reach a resolver: they are checked directly before the request.
    """

    def __init__(self, allow_private: bool) -> None:
        self._allow_private = allow_private
        self._pins: dict[str, list[tuple[socket.AddressFamily, str]]] = {}

    def pin(self, host: str, addresses: list[tuple[socket.AddressFamily, str]]) -> None:
        self._pins[host] = addresses

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        addresses = self._pins.get(host)
        if addresses is None:  # not expected: every request is checked first; check now rather than trust it
            try:
                addresses = await check_host(host, port, allow_private=self._allow_private)
            except SourceError as exc:
                raise OSError(str(exc)) from exc
        results: list[ResolveResult] = []
        for addr_family, address in addresses:
            if family not in (socket.AF_UNSPEC, addr_family):
                continue
            results.append(
                ResolveResult(
                    hostname=host,
                    host=address,
                    port=port,
                    family=addr_family,
                    proto=0,
                    flags=socket.AI_NUMERICHOST | socket.AI_NUMERICSERV,
                )
            )
        if not results:
            raise OSError(f"{host}: no checked address for this address family")
        return results

    async def close(self) -> None:
        self._pins.clear()
