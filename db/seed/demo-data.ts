/**
 * A city the demo Jimmys visit. Its city, state and country are not written
 * here: the seed derives them from the coordinates (or the label) through the
 * same offline geography as real reports.
 */
export type City = {
  /** Text a hunter would type, e.g. "Austin, TX". */
  label: string;
  lat: number;
  lng: number;
};

function us(name: string, state: string, lat: number, lng: number): City {
  return { label: `${name}, ${state}`, lat, lng };
}
function abroad(name: string, countryName: string, lat: number, lng: number): City {
  return { label: `${name}, ${countryName}`, lat, lng };
}

export const HOME_CITY = us("Austin", "TX", 30.2672, -97.7431);

export const US_CITIES: City[] = [
  HOME_CITY,
  us("San Antonio", "TX", 29.4241, -98.4936),
  us("Houston", "TX", 29.7604, -95.3698),
  us("Dallas", "TX", 32.7767, -96.797),
  us("El Paso", "TX", 31.7619, -106.485),
  us("Marfa", "TX", 30.3094, -104.0206),
  us("Santa Fe", "NM", 35.687, -105.9378),
  us("Denver", "CO", 39.7392, -104.9903),
  us("Phoenix", "AZ", 33.4484, -112.074),
  us("Los Angeles", "CA", 34.0522, -118.2437),
  us("San Francisco", "CA", 37.7749, -122.4194),
  us("Portland", "OR", 45.5152, -122.6784),
  us("Seattle", "WA", 47.6062, -122.3321),
  us("Chicago", "IL", 41.8781, -87.6298),
  us("Nashville", "TN", 36.1627, -86.7816),
  us("New Orleans", "LA", 29.9511, -90.0715),
  us("Atlanta", "GA", 33.749, -84.388),
  us("New York", "NY", 40.7128, -74.006),
  us("Boston", "MA", 42.3601, -71.0589),
  us("Miami", "FL", 25.7617, -80.1918),
];

export const WORLD_CITIES: City[] = [
  abroad("Toronto", "Canada", 43.6532, -79.3832),
  abroad("Mexico City", "Mexico", 19.4326, -99.1332),
  abroad("London", "United Kingdom", 51.5074, -0.1278),
  abroad("Paris", "France", 48.8566, 2.3522),
  abroad("Berlin", "Germany", 52.52, 13.405),
  abroad("Tokyo", "Japan", 35.6762, 139.6503),
  abroad("Sydney", "Australia", -33.8688, 151.2093),
];

export const HUNTERS: [string, string][] = [
  ["Maya", "Rodriguez"],
  ["Ethan", "Nguyen"],
  ["Olivia", "Hart"],
  ["Marcus", "Bell"],
  ["Priya", "Shah"],
  ["Diego", "Alvarez"],
  ["Hannah", "Kowalski"],
  ["Tom", "Becker"],
  ["Aisha", "Okafor"],
  ["Lucas", "Moreau"],
  ["Grace", "Lindqvist"],
  ["Sam", "Whitfield"],
  ["Yuki", "Tanaka"],
  ["Noah", "Fischer"],
  ["Chloe", "Dubois"],
  ["Ben", "Carter"],
  ["Lena", "Vogel"],
  ["Jamal", "Greene"],
  ["Sofia", "Rossi"],
  ["Caleb", "Brooks"],
  ["Emma", "Sullivan"],
  ["Raj", "Patel"],
  ["Zoe", "Kim"],
  ["Owen", "Murphy"],
  ["Isla", "McKenzie"],
  ["Luis", "Ortega"],
  ["Ruby", "Chen"],
  ["Felix", "Schmidt"],
  ["Nora", "Jensen"],
  ["Leo", "Castillo"],
  ["Ava", "Thompson"],
  ["Kai", "Palakiko"],
];

export const CAPTIONS: string[] = [
  "Found him hiding behind a planter by the coffee shop!",
  "Spotted on a bench by the river. Taking him on a road trip next.",
  "My kids found him at the playground. Best Saturday ever.",
  "He was tucked into a bookshelf at the library.",
  "Sitting on the windowsill of a taco truck. Classic.",
  "Found at the trailhead. He's seen more miles than my hiking boots.",
  "Hid in plain sight at the farmers market.",
  "Took him to see the bats under the bridge.",
  "He survived a thunderstorm in my backpack.",
  "Found during my lunch break. Passing him on tomorrow!",
  "Waiting at the bus stop like a regular commuter.",
  "Tucked in a little free library.",
  "On the bar at a live music venue. Of course.",
  "He watched the sunset with us from the hill.",
  "Left him at the airport gate for the next traveller.",
  "Found him in a potted cactus. Ouch!",
  "Hanging out by the mural downtown.",
  "He came on a ferry ride with us.",
  "Behind the counter of a record store.",
  "Guarding a stack of postcards at the museum shop.",
  "Found in the park after the festival cleared out.",
  "On top of a parking meter. Living dangerously.",
  "He made it across the ocean!",
  "Found by the fountain. Made my whole week.",
];

export const COMMENTS: string[] = [
  "Keep him moving! Can't wait to see where he ends up.",
  "I found this one last spring, so happy he's still travelling.",
  "What a journey so far!",
  "Love the photo, he looks right at home.",
  "Somebody take him to the coast next!",
  "This made my day.",
  "Rest easy, Jimmy would have loved this hunt.",
  "My daughter wants to know if he's coming back to Austin.",
  "Great hiding spot!",
  "How many countries is that now?",
  "I walked past that spot yesterday and missed him!",
  "Such a lovely way to remember him.",
];

export const ADMIN_COMMENTS: string[] = [
  "Welcome to the hunt! Thanks for keeping this Jimmy on the move.",
  "This little one has officially crossed an ocean. Amazing work, hunters!",
  "Reminder: please leave Jimmy somewhere safe and public for the next finder.",
];

export const GUEST_NAMES: string[] = ["Patti from Round Rock", "A fan in Ohio", "Dana", "Uncle Rick", "Trail runner Jo"];
