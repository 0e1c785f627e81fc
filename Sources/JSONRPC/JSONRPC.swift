// Placeholder: the JSON-RPC transport arrives with the language-server issue.
