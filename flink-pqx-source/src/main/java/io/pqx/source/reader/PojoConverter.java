package io.pqx.source.reader;

import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.DataStructureConverter;
import org.apache.flink.table.data.conversion.DataStructureConverters;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

/**
 * Emits each row as a new object of a POJO class: every emitted column sets the POJO's property of
 * the same name (a public field, else a public setter {@code setName}; the exact name, else the
 * only case-insensitive match), its value converted as Flink's table runtime converts internal data
 * to that Java class (BIGINT to {@code Long}/{@code long}, STRING to {@code String}, DATE to {@code
 * LocalDate}, DECIMAL to {@code BigDecimal}, ARRAY to arrays or lists, ...); a nested ROW sets a
 * nested POJO the same way. Properties no column names keep their defaults.
 *
 * <p>Checked when the source is built: a class without a public no-argument constructor, a column
 * without a property, or a property whose Java type the column's type does not convert to is an
 * {@code IllegalArgumentException} naming class, column and types. A null value for a primitive
 * property fails the read naming the property.
 */
@Internal
public final class PojoConverter<T> implements RowConverter<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> pojoClass;
    private final RowType type;
    private transient Constructor<T> constructor;
    private transient List<Property> properties;

    private PojoConverter(Class<T> pojoClass, RowType type) {
        this.pojoClass = pojoClass;
        this.type = type;
    }

    /**
     * A converter of rows of {@code type} to {@code pojoClass}.
     *
     * @throws IllegalArgumentException when a column cannot set a property (see the class doc)
     */
    public static <T> PojoConverter<T> of(Class<T> pojoClass, RowType type) {
        PojoConverter<T> converter = new PojoConverter<>(pojoClass, type);
        converter.open(pojoClass.getClassLoader()); // every check, now rather than on the cluster
        return converter;
    }

    @Override
    public TypeInformation<T> producedType() {
        return TypeInformation.of(pojoClass);
    }

    @Override
    public void open(ClassLoader classLoader) {
        if (properties != null) {
            return;
        }
        try {
            constructor = pojoClass.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(
                    "Cannot emit "
                            + pojoClass.getName()
                            + ": it has no public constructor without arguments",
                    e);
        }
        List<Property> out = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            out.add(property(type.getFieldNames().get(i), type.getTypeAt(i), i, classLoader));
        }
        properties = out;
    }

    private Property property(
            String column, LogicalType columnType, int index, ClassLoader loader) {
        Field field = null;
        Method setter = null;
        for (Field f : pojoClass.getFields()) {
            if (!Modifier.isStatic(f.getModifiers())
                    && matches(f.getName(), column, pojoClass.getFields())) {
                field = f;
            }
        }
        if (field == null) {
            for (Method m : pojoClass.getMethods()) {
                if (m.getName().startsWith("set")
                        && m.getParameterCount() == 1
                        && m.getName().substring(3).equalsIgnoreCase(column)) {
                    setter = m;
                }
            }
        }
        if (field == null && setter == null) {
            throw new IllegalArgumentException(
                    "Cannot emit "
                            + pojoClass.getName()
                            + ": column "
                            + column
                            + " has no public field or setter of that name");
        }
        Class<?> javaType = field != null ? field.getType() : setter.getParameterTypes()[0];
        Conversion conversion = conversion(column, columnType, javaType, loader);
        return new Property(
                column,
                index,
                RowData.createFieldGetter(columnType, index),
                field,
                setter,
                javaType.isPrimitive(),
                conversion);
    }

    private static boolean matches(String name, String column, Field[] all) {
        if (name.equals(column)) {
            return true;
        }
        if (!name.equalsIgnoreCase(column)) {
            return false;
        }
        for (Field f : all) {
            if (f.getName().equals(column)) {
                return false; // an exact match elsewhere wins
            }
        }
        return true;
    }

    /** How a column's internal value becomes the property's Java value. */
    private interface Conversion {
        Object toExternal(Object internal);
    }

    private Conversion conversion(
            String column, LogicalType columnType, Class<?> javaType, ClassLoader loader) {
        if (columnType instanceof RowType row
                && javaType != Row.class
                && !RowData.class.isAssignableFrom(javaType)) {
            PojoConverter<?> nested = new PojoConverter<>(javaType, row);
            nested.open(loader);
            return internal -> nested.convert((RowData) internal);
        }
        DataStructureConverter<Object, Object> converter;
        try {
            converter =
                    DataStructureConverters.getConverter(
                            DataTypes.of(columnType).bridgedTo(boxed(javaType)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Cannot emit "
                            + pojoClass.getName()
                            + ": column "
                            + column
                            + " of type "
                            + columnType.asSummaryString()
                            + " cannot set a property"
                            + " of Java type "
                            + javaType.getName()
                            + " ("
                            + e.getMessage()
                            + ")",
                    e);
        }
        converter.open(loader);
        return converter::toExternal;
    }

    private static Class<?> boxed(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return MethodType.methodType(c).wrap().returnType();
    }

    @Override
    public T convert(RowData row) {
        T pojo;
        try {
            pojo = constructor.newInstance();
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot create a " + pojoClass.getName() + ": " + e, e);
        }
        for (Property p : properties) {
            Object internal = p.getter.getFieldOrNull(row);
            if (internal == null) {
                if (p.primitive) {
                    throw new IllegalArgumentException(
                            "Cannot set "
                                    + pojoClass.getName()
                                    + "."
                                    + p.column
                                    + ": the value is null and the property is primitive");
                }
                continue;
            }
            p.set(pojo, p.conversion.toExternal(internal));
        }
        return pojo;
    }

    /** One column's target property. */
    private record Property(
            String column,
            int index,
            RowData.FieldGetter getter,
            Field field,
            Method setter,
            boolean primitive,
            Conversion conversion) {
        void set(Object pojo, Object value) {
            try {
                if (field != null) {
                    field.set(pojo, value);
                } else {
                    setter.invoke(pojo, value);
                }
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Cannot set property " + column + ": " + e, e);
            }
        }
    }
}
