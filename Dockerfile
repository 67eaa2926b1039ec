# One image for web, worker, beat and the CPU inference server. Every process runs as the
# unprivileged `longhaul` user: the code and the collected static files belong to root and are
# read-only to it; only the data volume (/data) is writable. See docs/deployment.md.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app/platform:/app \
    LONGHAUL_DATA_DIR=/data \
    LONGHAUL_STATIC_ROOT=/app/static \
    DJANGO_SETTINGS_MODULE=config.settings.production

RUN apt-get update \
    && apt-get install -y --no-install-recommends bubblewrap libseccomp2 build-essential cmake git curl \
       libosmesa6 xmlsec1 \
    && rm -rf /var/lib/apt/lists/*

# A fixed uid and gid, so the data volume keeps one owner across rebuilds and hosts.
RUN groupadd --system --gid 10001 longhaul \
    && useradd --system --uid 10001 --gid longhaul --home-dir /data --no-create-home \
       --shell /usr/sbin/nologin longhaul \
    && mkdir -p /data \
    && chown longhaul:longhaul /data \
    && chmod 0750 /data

WORKDIR /app
COPY pyproject.toml README.md ./
# pyrender pins PyOpenGL 3.1.0, which cannot create OSMesa contexts: upgrade it afterwards.
RUN pip install --no-cache-dir -e ".[inference,embeddings,documents,three-d,finance]" \
    && pip install --no-cache-dir --no-deps "PyOpenGL>=3.1.7,<4"
COPY . .
# Outside the data volume, so a new image always serves its own static files.
RUN SECRET_KEY=build-only-$(head -c 48 /dev/urandom | base64 | tr -dc a-zA-Z0-9) \
    DATABASE_URL=postgresql://build@localhost/build ALLOWED_HOSTS=build \
    python manage.py collectstatic --noinput

USER longhaul:longhaul
VOLUME ["/data"]
EXPOSE 8000
CMD ["python", "-m", "uvicorn", "config.asgi:application", "--host", "0.0.0.0", "--port", "8000", "--proxy-headers"]
