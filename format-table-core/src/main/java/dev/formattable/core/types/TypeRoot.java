package dev.formattable.core.types;

/** The kinds of column type, with the names Paimon writes in its schema files. */
public enum TypeRoot {
    BOOLEAN("BOOLEAN"),
    TINYINT("TINYINT"),
    SMALLINT("SMALLINT"),
    INT("INT"),
    BIGINT("BIGINT"),
    FLOAT("FLOAT"),
    DOUBLE("DOUBLE"),
    DECIMAL("DECIMAL"),
    CHAR("CHAR"),
    VARCHAR("VARCHAR"),
    BINARY("BINARY"),
    VARBINARY("VARBINARY"),
    DATE("DATE"),
    TIME("TIME"),
    TIMESTAMP("TIMESTAMP"),
    TIMESTAMP_LTZ("TIMESTAMP_LTZ"),
    ARRAY("ARRAY"),
    MAP("MAP"),
    MULTISET("MULTISET"),
    ROW("ROW");

    private final String typeName;

    TypeRoot(String typeName) {
        this.typeName = typeName;
    }

    public String typeName() {
        return typeName;
    }
}
