package diff.lang;

import java.util.ArrayList;
import java.util.List;

// Stack traces through java.base frames print "java.base/" as on HotSpot.
public class LangJdkTraces {
    public static void main(String[] args) {
        try {
            Integer.parseInt("zz");
        } catch (NumberFormatException e) {
            e.printStackTrace();
        }
        try {
            List.of(1).add(2);
        } catch (UnsupportedOperationException e) {
            e.printStackTrace();
        }
        try {
            new ArrayList<Integer>(List.of(1, 2)).iterator().forEachRemaining(null);
        } catch (NullPointerException e) {
            e.printStackTrace();
        }
        try {
            Long.valueOf("9223372036854775808");
        } catch (NumberFormatException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println(top + " | " + top.getModuleName() + " | " + top.getClassLoaderName() + " | " + top.getFileName());
        }
        StackTraceElement mine = new Throwable().getStackTrace()[0];
        System.out.println(mine + " | " + mine.getModuleName() + " | " + mine.getModuleVersion() + " | " + mine.getClassLoaderName());
        Integer.parseInt("x1");
    }
}
