package dev.ispd.examples.sql;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import java.util.Locale;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;

/**
 * Column names of a statement as the fields of its layout: matched case-insensitively (SQL
 * identifiers are; a layout's are not, {@code clientID}), an unknown one refused naming the
 * layout's fields.
 */
final class SqlColumns {
    private final Layout layout;

    SqlColumns(Layout layout) {
        this.layout = layout;
    }

    Layout layout() {
        return layout;
    }

    /** The field {@code e} names, which must be a plain column. */
    Field field(Expression e, String where) {
        if (!(e instanceof Column c)) {
            throw new IllegalArgumentException(where + " takes a column, got '" + e + "'");
        }
        String name = c.getColumnName();
        String wanted = unquoted(name).toLowerCase(Locale.ROOT);
        for (Field f : layout.fields()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(wanted)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown column '" + name + "' in " + where + "; layout " + layout.name()
                + " has " + layout.fields().stream().map(Field::name).toList());
    }

    private static String unquoted(String name) {
        boolean quoted = name.length() > 1 && (name.startsWith("\"") && name.endsWith("\"")
                || name.startsWith("`") && name.endsWith("`"));
        return quoted ? name.substring(1, name.length() - 1) : name;
    }
}
