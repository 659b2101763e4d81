package io.rulefilter.eval;

/** A test of one present value (never {@code null}). */
interface ValueTest {

   boolean test(Object value);
}
