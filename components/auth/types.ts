/** What the cabinet's me call says about the visitor (spec section 3). */
export interface CabinetProfile {
  profileUrl: string;
  image: string;
  name: string;
}

/** The account links of the header and the burger menu. */
export interface HeaderAuthLabels {
  cabinet: string;
  accountMenu: string;
  profile: string;
  logout: string;
}
