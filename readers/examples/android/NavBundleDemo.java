package navforge;

import java.io.File;
import java.io.FileInputStream;

/**
 * NavBundleDemo BUNDLE FOLDER FROM TO [PROFILE]: what an Android app does with {@link NavBundle},
 * run on a desktop JVM. It installs the bundle into FOLDER as an app installs it from its assets
 * into its files folder, opens it, searches for FROM, routes from FROM to TO, words the route's
 * maneuvers and finds the way out from FROM.
 *
 * <p>The route, its guidance and the exit are printed as the readers' test vectors write them
 * (readers/vectors/README.md), so that {@code make test} can ask the C reader's own answer
 * program the same queries and compare.
 */
public final class NavBundleDemo {
    private NavBundleDemo() {}

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 4 && arguments.length != 5) {
            System.err.println("usage: NavBundleDemo BUNDLE FOLDER FROM TO [PROFILE]");
            System.exit(64);
        }
        String from = arguments[2], to = arguments[3];
        String profileName = arguments.length == 5 ? arguments[4] : "foot";
        // On Android: NavBundle.install(context.getAssets().open("demo-campus-1.0.0.navbundle"),
        //                               new File(context.getFilesDir(), "demo-campus-1.0.0.navbundle"))
        File file = NavBundle.install(new FileInputStream(arguments[0]), new File(arguments[1], new File(arguments[0]).getName()));
        try (NavBundle bundle = NavBundle.open(file.getPath(), true)) {
            for (NavBundle.Match match : bundle.search(from, 3)) {
                System.out.println("search " + from + ": place " + match.place + " (field " + match.field + ")");
            }
            int profile = bundle.profile(profileName);
            int source = bundle.endpointNode(from, profile), target = bundle.endpointNode(to, profile);
            if (source < 0 || target < 0) {
                System.err.println("error: " + from + " or " + to + " is not on the " + profileName + " graph");
                System.exit(1);
            }
            NavBundle.Route route = bundle.route(profile, source, target);
            if (route == null) {
                System.out.println("route " + profileName + " " + source + " " + target + " => none");
            } else {
                StringBuilder line = new StringBuilder("route " + profileName + " " + source + " " + target + " => " + route.milliseconds);
                for (int node : route.nodes) line.append(' ').append(node);
                System.out.println(line);
            }
            // Turn by turn, each maneuver with the distance to the next said aloud.
            NavBundle.Turn[] turns = bundle.guidance(profile, source, target, "en");
            if (turns != null) {
                StringBuilder line = new StringBuilder("instructions en " + profileName + " " + source + " " + target + " =>");
                for (int i = 0; i < turns.length; i++) {
                    line.append(i == 0 ? " " : " | ").append(turns[i].instruction);
                    if (turns[i].then != null) line.append(" (").append(turns[i].then).append(')');
                }
                System.out.println(line);
            }
            NavBundle.Exit exit = bundle.nearestExit(profile, source);
            System.out.println("exit " + profileName + " " + source + " => " + (exit == null ? "none" : exit.node + " " + exit.milliseconds));
        } catch (NavBundle.BundleException error) {
            System.err.println("error (" + error.reason + "): " + error.getMessage());
            System.exit(1);
        }
    }
}
