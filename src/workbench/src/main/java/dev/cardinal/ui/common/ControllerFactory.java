package dev.cardinal.ui.common;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.util.Callback;

/**
 * Builds controllers with their collaborators passed to the constructor. FXML names a controller class; this
 * factory must know it, or loading fails at once rather than with a half-wired view.
 */
public final class ControllerFactory implements Callback<Class<?>, Object> {
    private final Map<Class<?>, Supplier<?>> suppliers = new HashMap<>();

    public <T> ControllerFactory register(Class<T> type, Supplier<? extends T> supplier) {
        suppliers.put(type, supplier);
        return this;
    }

    @Override
    public Object call(Class<?> type) {
        Supplier<?> s = suppliers.get(type);
        if (s == null) {
            throw new IllegalStateException("no controller registered for " + type.getName());
        }
        return s.get();
    }

    public Parent load(FxmlView view) {
        FXMLLoader loader = new FXMLLoader(view.url());
        loader.setControllerFactory(this);
        try {
            return loader.load();
        } catch (IOException e) {
            throw new IllegalStateException("cannot load " + view + ": " + e.getMessage(), e);
        }
    }
}
