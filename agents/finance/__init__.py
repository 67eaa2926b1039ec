"""The finance research workflow pack (`finance_research`): annual reports and statements in, a
cited, reconciled research report out. See docs/workflows/finance.md; the workflow is built in
`agents.finance.workflow`, its tools are `agents.finance.tools:TOOLS`."""
