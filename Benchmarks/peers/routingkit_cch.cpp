// routingkit_cch EDGELIST [--order FILE] [--queries N] [--seed S] [--rounds R]
//
// Times RoutingKit's customisable contraction hierarchy on one benchmark edge list
// (../shared/bench/README.md), as `bench-ch --cch --peer-format` times navforge's, so that
// scripts/benchmark-cch-peer.sh can set the two side by side in one run:
//
// - order: RoutingKit's nested dissection by inertial flow, or, with --order, the order in FILE
//   (one node per line, lowest rank first; `bench-ch --write-order` writes navforge's), so that
//   both sides customise and query the very same hierarchy;
// - customise: the sequential customisation of the graph's weights, the median of R rounds;
// - query: distance only, then with the arc path, between N node pairs drawn by SplitMix64 from
//   S, the pairs bench-ch draws; each the mean over all pairs, the median of R rounds.
//
// It prints one `name value unit` line per figure and a checksum of the distances, which must
// equal bench-ch's on the same graph and pairs. RoutingKit is not part of navforge: the script
// fetches it and builds this file against it.
#include <routingkit/customizable_contraction_hierarchy.h>
#include <routingkit/nested_dissection.h>
#include <routingkit/constants.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace RoutingKit;

namespace {

struct Graph {
    unsigned nodes = 0;
    std::vector<unsigned> tail, head, weight;
    std::vector<float> latitude, longitude;
};

Graph read_edge_list(const char *path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(std::string(path) + ": cannot open");
    Graph g;
    unsigned long long arcs = 0;
    int coordinates = 0;
    if (!(in >> g.nodes >> arcs >> coordinates)) throw std::runtime_error(std::string(path) + ": no header line");
    g.tail.resize(arcs);
    g.head.resize(arcs);
    g.weight.resize(arcs);
    for (unsigned long long i = 0; i < arcs; ++i) {
        if (!(in >> g.tail[i] >> g.head[i] >> g.weight[i]) || g.tail[i] >= g.nodes || g.head[i] >= g.nodes)
            throw std::runtime_error(std::string(path) + ": arc " + std::to_string(i + 1) + " is malformed");
    }
    if (coordinates) {
        g.latitude.resize(g.nodes);
        g.longitude.resize(g.nodes);
        for (unsigned i = 0; i < g.nodes; ++i)
            if (!(in >> g.latitude[i] >> g.longitude[i]))
                throw std::runtime_error(std::string(path) + ": coordinates of node " + std::to_string(i) + " are missing");
    }
    return g;
}

std::vector<unsigned> read_order(const char *path, unsigned nodes) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(std::string(path) + ": cannot open");
    std::vector<unsigned> order;
    order.reserve(nodes);
    unsigned node;
    while (in >> node) order.push_back(node);
    if (order.size() != nodes) throw std::runtime_error(std::string(path) + ": the order does not list every node once");
    return order;
}

// SplitMix64, as Sources/Contraction/Reference/SplitMix.swift draws it.
struct SplitMix {
    uint64_t state;
    uint64_t next() {
        state += 0x9E3779B97F4A7C15ull;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

unsigned long number(const char *flag, const char *text) {
    char *end = nullptr;
    unsigned long value = std::strtoul(text, &end, 10);
    if (!text[0] || *end) throw std::runtime_error(std::string(flag) + " takes a whole number, not '" + text + "'");
    return value;
}

} // namespace

int main(int argc, char **argv) {
    try {
        const char *path = nullptr, *order_path = nullptr;
        unsigned long queries = 10000, rounds = 5;
        uint64_t seed = 1;
        for (int i = 1; i < argc; ++i) {
            std::string argument = argv[i];
            if (i + 1 < argc && argument == "--order") order_path = argv[++i];
            else if (i + 1 < argc && argument == "--queries") queries = std::max(1ul, number("--queries", argv[++i]));
            else if (i + 1 < argc && argument == "--seed") seed = number("--seed", argv[++i]);
            else if (i + 1 < argc && argument == "--rounds") rounds = std::max(1ul, number("--rounds", argv[++i]));
            else if (!path && argument[0] != '-') path = argv[i];
            else throw std::runtime_error("unexpected argument '" + argument + "'");
        }
        if (!path) throw std::runtime_error("usage: routingkit_cch EDGELIST [--order FILE] [--queries N] [--seed S] [--rounds R]");

        Graph g = read_edge_list(path);
        std::printf("graph %u nodes\ngraph-arcs %zu arcs\n", g.nodes, g.tail.size());

        double start = now_seconds();
        std::vector<unsigned> order;
        if (order_path) {
            order = read_order(order_path, g.nodes);
        } else {
            if (g.latitude.empty()) throw std::runtime_error(std::string(path) + ": inertial flow needs coordinates");
            order = compute_nested_node_dissection_order_using_inertial_flow(g.nodes, g.tail, g.head, g.latitude, g.longitude);
            std::printf("order %.3f s\n", now_seconds() - start);
        }
        start = now_seconds();
        CustomizableContractionHierarchy cch(order, g.tail, g.head);
        std::printf("topology %.3f s\ncch-arcs %u arcs\n", now_seconds() - start, cch.cch_arc_count());

        CustomizableContractionHierarchyMetric metric(cch, g.weight);
        std::vector<double> times;
        for (unsigned long r = 0; r < rounds; ++r) {
            start = now_seconds();
            metric.customize();
            times.push_back(now_seconds() - start);
        }
        std::printf("customise %.3f ms\n", median(times) * 1e3);

        SplitMix random{seed};
        std::vector<unsigned> sources(queries), targets(queries);
        for (unsigned long i = 0; i < queries; ++i) {
            sources[i] = unsigned(random.next() % g.nodes);
            targets[i] = unsigned(random.next() % g.nodes);
        }
        CustomizableContractionHierarchyQuery query(metric);
        uint64_t checksum = 0, arcs = 0;
        std::vector<double> distance_times, path_times;
        for (unsigned long r = 0; r < rounds; ++r) {
            uint64_t sum = 0;
            start = now_seconds();
            for (unsigned long i = 0; i < queries; ++i) {
                query.reset().add_source(sources[i]).add_target(targets[i]).run();
                unsigned d = query.get_distance();
                if (d != inf_weight) sum += d;
            }
            distance_times.push_back((now_seconds() - start) / double(queries));
            checksum = sum;
            uint64_t length = 0;
            start = now_seconds();
            for (unsigned long i = 0; i < queries; ++i) {
                query.reset().add_source(sources[i]).add_target(targets[i]).run();
                length += query.get_arc_path().size();
            }
            path_times.push_back((now_seconds() - start) / double(queries));
            arcs = length;
        }
        std::printf("query %.3f us\nquery-path %.3f us\n", median(distance_times) * 1e6, median(path_times) * 1e6);
        std::printf("distance-sum %llu\npath-arcs %llu\n", (unsigned long long)checksum, (unsigned long long)arcs);
    } catch (const std::exception &error) {
        std::fprintf(stderr, "routingkit_cch: %s\n", error.what());
        return 1;
    }
    return 0;
}
