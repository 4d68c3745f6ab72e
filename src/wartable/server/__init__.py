"""The web server: lobby, live games over websockets, invitations, durable storage."""
