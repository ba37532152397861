export type HuntStats = {
  activeLocations: number;
  totalJimmys: number;
  totalDiscoveries: number;
  activeHunters: number;
};
