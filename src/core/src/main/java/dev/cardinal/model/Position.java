package dev.cardinal.model;

/** Where a card sits on the canvas, in canvas units. */
public record Position(double x, double y) {
}
