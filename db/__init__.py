"""The only place with SQL: the connection, migrations, repositories and row models."""
