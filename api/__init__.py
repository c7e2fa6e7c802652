"""The web service: filled in by the web-service issue."""
