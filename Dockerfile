# skatebot's image: the README's install in a build stage, the result run by a user without rights.
# Build: docker build -t skatebot .   Run: see docs/DEPLOY.md (or compose.yaml, with PostgreSQL).

# --- build: a virtualenv with skatebot installed, exactly as the README installs it --------------------------------
FROM python:3.12-slim AS build
WORKDIR /opt/skatebot
# pip keeps no download cache in the image.
ENV PIP_NO_CACHE_DIR=1
# The source the package needs (bot/, cogs/, db/, the bundled data/) and its metadata; .dockerignore keeps the rest out.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY db ./db
COPY data ./data
# The README's install. Editable on purpose: the bundled results (data/) are read from beside the package, so the
# package runs from this folder, which the runtime stage copies whole to the same path.
RUN python3 -m venv .venv && . .venv/bin/activate && pip install -e .

# --- runtime: the same folder on a slim base, no build tools, a user of its own ------------------------------------
FROM python:3.12-slim AS runtime
RUN groupadd --system skatebot && useradd --system --gid skatebot --home-dir /var/lib/skatebot skatebot \
    && mkdir -p /var/lib/skatebot && chown skatebot:skatebot /var/lib/skatebot
COPY --from=build /opt/skatebot /opt/skatebot
ENV PATH="/opt/skatebot/.venv/bin:$PATH" \
    PYTHONUNBUFFERED=1 \
    SKATEBOT_DB=/var/lib/skatebot/skatebot.sqlite3 \
    MONITOR_ADDRESS=0.0.0.0:9108 \
    LOG_FORMAT=json
WORKDIR /var/lib/skatebot
VOLUME /var/lib/skatebot
USER skatebot
EXPOSE 9108
# /healthz through the bot's own command: 0 when connected to Discord and the store answers.
HEALTHCHECK --interval=30s --timeout=15s --start-period=120s --retries=3 CMD ["skatebot", "health"]
# The store is created, migrated and filled on the first start; SIGTERM (docker stop) closes it cleanly.
STOPSIGNAL SIGTERM
ENTRYPOINT ["skatebot"]
CMD ["run"]
