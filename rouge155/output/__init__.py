"""The output layer: the Perl's text report, JSON and CSV documents, token-id files."""
