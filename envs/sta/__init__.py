"""Star Trek Adventures 2nd edition: the 2d20 task engine and personal conflict."""
