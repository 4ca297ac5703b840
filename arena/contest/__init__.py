"""A class contest: one entry per team, a deadline, live standings.

``arena.contest.service``: the contest's policy (``errors``: why it refuses).
``arena.contest.board``: a leaderboard from stored ranked rows, and what the public sees.
``arena.contest.worker``: plays new entries, ranks once and publishes standings.
``arena.contest.names``, ``emails``, ``teams``: names, addresses, rosters and rates.
The rows live in ``results.contest_store``; sign-in and pages in ``hog_arena.web``.
"""
