"""The four seats, clockwise from North; N-S and E-W are partners."""

from __future__ import annotations

from .errors import NotationError, quoted

SEATS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
NUM_SEATS = len(SEATS)


def parse_seat(text: str, where: str = "seat") -> int:
    token = text.strip().upper()
    if len(token) != 1 or token not in SEATS or not text.isascii():
        raise NotationError(f"{where}: not a seat: {quoted(text)} (expected one of N, E, S, W)")
    return SEATS.index(token)


def left_of(seat: int) -> int:
    """The next seat clockwise (N -> E -> S -> W)."""
    return (seat + 1) % NUM_SEATS


def partner_of(seat: int) -> int:
    return (seat + 2) % NUM_SEATS


def side_of(seat: int) -> int:
    """0 for N-S, 1 for E-W."""
    return seat % 2


def side_seats(side: int) -> int:
    """A side of partners (0: N-S, 1: E-W) as the mask of its seats, as the search takes
    the declaring side."""
    return sum(1 << seat for seat in range(NUM_SEATS) if side_of(seat) == side)
