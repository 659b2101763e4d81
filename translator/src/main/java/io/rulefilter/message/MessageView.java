package io.rulefilter.message;

/**
 * A message as rules see it: a tag and attributes, never the body. Implementations adapt a broker message without
 * copying it; they are read on the routing path, so they should not allocate.
 */
public interface MessageView {

   /** The tag (e.g. {@code BSM}) as text, or {@code null} when the message has none. */
   CharSequence tag();

   /**
    * The value of an attribute: a {@link CharSequence}, {@link Boolean}, {@link Byte}, {@link Short},
    * {@link Integer}, {@link Long}, {@link Float} or {@link Double}; {@code null} when absent. Reserved keys
    * (see {@link MessageModel}) are never asked for.
    */
   Object attribute(AttributeKey key);

   /**
    * True when {@code test} accepts at least one attribute key. A key whose value is null does not exist and is never
    * passed; views may pass reserved keys, which rules skip.
    */
   boolean anyKey(KeyTest test);

   /** A test of one attribute key. */
   @FunctionalInterface
   interface KeyTest {
      boolean test(CharSequence key);
   }
}
