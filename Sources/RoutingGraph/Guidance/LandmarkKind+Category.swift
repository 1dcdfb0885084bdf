public import NavFormat

extension LandmarkKind {
    /// The kind of a place from its category: the value of the OSM tag the importer read it from
    /// (`amenity=*`, `shop=*`, `tourism=*`, ...) or the IMDF unit or amenity category.
    ///
    /// `docs/guidance.md` ("Landmarks") lists the table with the OSM wiki pages it follows.
    /// Anything not listed is a room when the place is a room, else another point.
    public init(category: String?, isRoom: Bool) {
        let value = category?.lowercased() ?? ""
        if let kind = Self.byCategory[value] {
            self = kind
        } else if value.hasPrefix("restroom") {
            // IMDF's restroom, restroom.female, restroom.unisex.wheelchair, ...
            self = .toilets
        } else if Self.shops.contains(value) {
            self = .shop
        } else {
            self = isRoom ? .room : .other
        }
    }

    private static let byCategory: [String: LandmarkKind] = {
        var table: [String: LandmarkKind] = [
            // tourism=information, IMDF information; amenity=reception_desk.
            "information": .information, "reception_desk": .information, "reception": .information,
            // amenity=toilets; IMDF restroom (prefix, above).
            "toilets": .toilets, "toilet": .toilets,
            // public_transport=platform, railway=platform (the importer's category), stops.
            "platform": .platform, "stop": .platform, "platform_edge": .platform,
            // amenity=ticket_validator, vending=public_transport_tickets, shop=ticket.
            "ticket": .ticketMachine, "ticket_validator": .ticketMachine, "vending_machine": .ticketMachine,
            "ticketing": .ticketMachine,
            // IMDF elevator, stairs, escalator, ramp units as places.
            "elevator": .lift, "stairs": .stairs, "escalator": .escalator, "ramp": .ramp,
            "entrance": .entrance,
        ]
        // amenity=restaurant|cafe|fast_food|pub|bar|biergarten|food_court|ice_cream; IMDF foodservice.
        for food in ["restaurant", "cafe", "fast_food", "pub", "bar", "biergarten", "food_court", "ice_cream",
                     "foodservice", "coffee"] {
            table[food] = .food
        }
        return table
    }()

    /// Common `shop=*` values (the OSM wiki's key:shop list, food and general stores first), and
    /// IMDF's retail amenities.
    private static let shops: Set<String> = [
        "supermarket", "convenience", "kiosk", "bakery", "butcher", "confectionery", "deli", "beverages", "alcohol",
        "wine", "pastry", "chocolate", "tea", "greengrocer", "department_store", "general", "mall", "clothes",
        "shoes", "bag", "boutique", "fashion_accessories", "jewelry", "watches", "books", "newsagent", "stationery",
        "gift", "chemist", "pharmacy", "cosmetics", "perfumery", "hairdresser", "beauty", "optician", "florist",
        "mobile_phone", "electronics", "computer", "toys", "sports", "outdoor", "travel_agency", "tobacco", "e-cigarette",
        "lottery", "copyshop", "dry_cleaning", "laundry", "photo", "variety_store", "houseware", "shop", "retail",
        "bank", "atm", "bureau_de_change", "post_office", "car_rental", "bicycle_rental",
    ]
}
