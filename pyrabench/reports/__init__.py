"""Tables and plots the book and the CLI show, and the comparisons that span tasks.

Tasks compute; reports arrange what tasks computed for a reader. A report may import any task,
no task imports a report.
"""
