"""A class contest: one entry per team, a deadline, live standings.

``arena.contest.ranking``: the course's ranking of a win-rate matrix.
``arena.contest.worker``: plays new entries and publishes standings.
``arena.contest.teams``: team names, rosters and rates as people write them.
The rows live in ``results.contest_store``; sign-in and pages in ``hog_arena.web``.
"""
