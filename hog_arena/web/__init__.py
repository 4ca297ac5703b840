"""The web arena (``hog serve``): leaderboards, strategy pages, an upload
form, games against strategies, and a JSON API; see :mod:`hog_arena.web.app`."""
