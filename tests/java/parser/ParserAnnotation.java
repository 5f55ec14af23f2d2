package parser;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

// An annotation type with defaults (AnnotationDefault on its methods).
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER})
public @interface ParserAnnotation {
  String value() default "none";

  int level() default 1;

  Class<?>[] classes() default {};
}
