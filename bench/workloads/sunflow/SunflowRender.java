// The sunflow workload: renders a scene built through Sunflow's API (Debian's
// libsunflow-java has no scene-file parsers) into a PNG with several threads.
//
//   java -cp sunflow.jar:janino.jar:CLASSES SunflowRender OUT.png WIDTH THREADS SPHERES
//
// sizes: small 64 pixels wide, 2 threads, 6 spheres; large 480, 2, 24.
// Sunflow renders the image in buckets that the threads take from a shared
// queue; each pixel's samples depend on the pixel alone, so the PNG is the
// same whichever thread renders which bucket. The silent user interface
// keeps progress reports (which do depend on the interleaving) off stderr.
import org.sunflow.SunflowAPI;
import org.sunflow.core.display.FileDisplay;
import org.sunflow.math.Matrix4;
import org.sunflow.math.Point3;
import org.sunflow.math.Vector3;
import org.sunflow.system.UI;
import org.sunflow.system.ui.SilentInterface;

public class SunflowRender {
    public static void main(String[] args) {
        String out = args[0];
        int width = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        int spheres = Integer.parseInt(args[3]);
        UI.set(new SilentInterface());
        SunflowAPI api = new SunflowAPI();

        api.parameter("transform", Matrix4.lookAt(new Point3(0, -10, 4), new Point3(0, 0, 1), new Vector3(0, 0, 1)));
        api.parameter("fov", 50f);
        api.parameter("aspect", 4f / 3f);
        api.camera("camera", "pinhole");

        // Shaders: diffuse, mirror and glass (refraction), so rays bounce.
        api.parameter("diffuse", null, 0.6f, 0.6f, 0.55f);
        api.shader("floor", "diffuse");
        api.parameter("diffuse", null, 0.8f, 0.2f, 0.1f);
        api.shader("red", "diffuse");
        api.parameter("color", null, 0.75f, 0.75f, 0.8f);
        api.shader("mirror", "mirror");
        api.parameter("eta", 1.5f);
        api.parameter("color", null, 0.9f, 0.95f, 1f);
        api.shader("glass", "glass");
        String[] shaders = {"red", "mirror", "glass"};

        api.parameter("center", new Point3(0, 0, 0));
        api.parameter("normal", new Vector3(0, 0, 1));
        api.geometry("ground", "plane");
        api.parameter("shaders", "floor");
        api.instance("ground.instance", "ground");

        // Spheres on a spiral: positions and sizes from the index alone.
        for (int i = 0; i < spheres; i++) {
            double angle = i * 2.4;
            float radius = 0.35f + 0.1f * (i % 4);
            float distance = 1f + 0.35f * i;
            float x = (float) (Math.cos(angle) * distance) * 0.6f;
            float y = (float) (Math.sin(angle) * distance) * 0.6f + 1.5f;
            api.geometry("sphere" + i, "sphere");
            api.parameter("shaders", shaders[i % shaders.length]);
            api.parameter("transform", Matrix4.translation(x, y, radius).multiply(Matrix4.scale(radius)));
            api.instance("sphere" + i + ".instance", "sphere" + i);
        }

        api.parameter("center", new Point3(4, -6, 9));
        api.parameter("power", null, 1200f, 1150f, 1100f);
        api.light("key", "point");
        api.parameter("center", new Point3(-6, -3, 5));
        api.parameter("power", null, 300f, 320f, 400f);
        api.light("fill", "point");

        api.parameter("camera", "camera");
        api.parameter("resolutionX", width);
        api.parameter("resolutionY", width * 3 / 4);
        api.parameter("aa.min", 0);
        api.parameter("aa.max", 1);
        api.parameter("filter", "gaussian");
        api.parameter("depths.reflection", 3);
        api.parameter("depths.refraction", 3);
        api.parameter("threads", threads);
        api.options(SunflowAPI.DEFAULT_OPTIONS);
        api.render(SunflowAPI.DEFAULT_OPTIONS, new FileDisplay(out));
        System.out.println("rendered " + width + "x" + (width * 3 / 4) + " with " + spheres + " spheres");
    }
}
