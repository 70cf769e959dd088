"""Include each inline ``<script>`` once per page.

Sphinx 7 (which Jupyter Book 1 requires) adds an inline script registered after the builder
started twice, once under the file name ``None`` and once under ``''`` (fixed upstream in Sphinx
8.2, by pull request 13402 of the Sphinx repository). sphinx-thebe registers such a script declaring
``const THEBE_JS_URL``, so every page raised "Identifier 'THEBE_JS_URL' has already been
declared" in the browser console.
"""


def _key(script):
    return (script.filename or "", script.priority, tuple(sorted(script.attributes.items())))


def drop_repeated_scripts(app, pagename, templatename, context, doctree):
    """Keep the first of scripts that differ only by a None/'' file name."""
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    seen, unique = set(), []
    for script in scripts:
        key = _key(script) if hasattr(script, "attributes") else (str(script),)
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def setup(app):
    # Late, so that scripts other handlers add to this page are seen too.
    app.connect("html-page-context", drop_repeated_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
