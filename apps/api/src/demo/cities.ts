/** Real Indian cities with their centres, and a weight for how many spas each gets. */
export interface DemoCity {
  city: string;
  state: string;
  district: string;
  lat: number;
  lng: number;
  pincode: number;
  weight: number;
  /** Spread of spas around the centre, km (one standard deviation). */
  spreadKm: number;
  localities: string[];
}

const c = (
  city: string,
  state: string,
  lat: number,
  lng: number,
  pincode: number,
  weight: number,
  localities: string[],
  district = city,
): DemoCity => ({ city, state, district, lat, lng, pincode, weight, spreadKm: 2 + weight * 0.8, localities });

const common = ['MG Road', 'Station Road', 'Civil Lines', 'Main Market', 'Ring Road', 'Nehru Nagar', 'Gandhi Chowk'];

export const DEMO_CITIES: DemoCity[] = [
  c('Mumbai', 'Maharashtra', 19.076, 72.8777, 400001, 10, ['Bandra West', 'Andheri East', 'Juhu', 'Powai', 'Colaba', 'Lower Parel', 'Malad West', 'Worli']),
  c('Pune', 'Maharashtra', 18.5204, 73.8567, 411001, 6, ['Koregaon Park', 'Baner', 'Viman Nagar', 'Kothrud', 'Aundh', 'Hinjewadi']),
  c('Nagpur', 'Maharashtra', 21.1458, 79.0882, 440001, 2, ['Dharampeth', 'Sitabuldi', 'Civil Lines', 'Manish Nagar']),
  c('New Delhi', 'Delhi', 28.6139, 77.209, 110001, 10, ['Connaught Place', 'Hauz Khas', 'Saket', 'Vasant Kunj', 'Greater Kailash', 'Karol Bagh', 'Dwarka']),
  c('Gurugram', 'Haryana', 28.4595, 77.0266, 122001, 5, ['DLF Phase 3', 'Sohna Road', 'Golf Course Road', 'Sector 29', 'Udyog Vihar']),
  c('Noida', 'Uttar Pradesh', 28.5355, 77.391, 201301, 4, ['Sector 18', 'Sector 62', 'Sector 50', 'Sector 137']),
  c('Bengaluru', 'Karnataka', 12.9716, 77.5946, 560001, 10, ['Indiranagar', 'Koramangala', 'Whitefield', 'HSR Layout', 'Jayanagar', 'Malleshwaram', 'Electronic City']),
  c('Mysuru', 'Karnataka', 12.2958, 76.6394, 570001, 2, ['Gokulam', 'Vijayanagar', 'Kuvempunagar', 'Saraswathipuram']),
  c('Mangaluru', 'Karnataka', 12.9141, 74.856, 575001, 1, ['Kadri', 'Hampankatta', 'Bejai', 'Kankanady']),
  c('Hyderabad', 'Telangana', 17.385, 78.4867, 500001, 8, ['Banjara Hills', 'Jubilee Hills', 'Gachibowli', 'Madhapur', 'Begumpet', 'Kondapur']),
  c('Chennai', 'Tamil Nadu', 13.0827, 80.2707, 600001, 8, ['T. Nagar', 'Adyar', 'Anna Nagar', 'Velachery', 'Nungambakkam', 'Besant Nagar']),
  c('Coimbatore', 'Tamil Nadu', 11.0168, 76.9558, 641001, 2, ['RS Puram', 'Gandhipuram', 'Peelamedu', 'Saibaba Colony']),
  c('Madurai', 'Tamil Nadu', 9.9252, 78.1198, 625001, 1, ['Anna Nagar', 'KK Nagar', 'Tallakulam']),
  c('Kolkata', 'West Bengal', 22.5726, 88.3639, 700001, 7, ['Park Street', 'Salt Lake', 'Ballygunge', 'New Town', 'Alipore', 'Gariahat']),
  c('Ahmedabad', 'Gujarat', 23.0225, 72.5714, 380001, 5, ['SG Highway', 'Navrangpura', 'Satellite', 'Prahlad Nagar', 'Bodakdev']),
  c('Surat', 'Gujarat', 21.1702, 72.8311, 395001, 3, ['Adajan', 'Vesu', 'Athwa', 'Piplod']),
  c('Vadodara', 'Gujarat', 22.3072, 73.1812, 390001, 2, ['Alkapuri', 'Akota', 'Gotri', 'Fatehgunj']),
  c('Jaipur', 'Rajasthan', 26.9124, 75.7873, 302001, 5, ['C-Scheme', 'Malviya Nagar', 'Vaishali Nagar', 'Raja Park', 'Mansarovar']),
  c('Udaipur', 'Rajasthan', 24.5854, 73.7125, 313001, 2, ['Fateh Sagar', 'Hiran Magri', 'Lake Palace Road', 'Sukher']),
  c('Lucknow', 'Uttar Pradesh', 26.8467, 80.9462, 226001, 3, ['Gomti Nagar', 'Hazratganj', 'Aliganj', 'Indira Nagar']),
  c('Varanasi', 'Uttar Pradesh', 25.3176, 82.9739, 221001, 1, ['Assi Ghat', 'Sigra', 'Lanka', 'Cantonment']),
  c('Kochi', 'Kerala', 9.9312, 76.2673, 682001, 4, ['Fort Kochi', 'Edappally', 'Kakkanad', 'Marine Drive', 'Panampilly Nagar'], 'Ernakulam'),
  c('Thiruvananthapuram', 'Kerala', 8.5241, 76.9366, 695001, 3, ['Kovalam', 'Pattom', 'Vazhuthacaud', 'Kowdiar']),
  c('Panaji', 'Goa', 15.4909, 73.8278, 403001, 3, ['Miramar', 'Altinho', 'Dona Paula', 'Campal'], 'North Goa'),
  c('Chandigarh', 'Chandigarh', 30.7333, 76.7794, 160017, 3, ['Sector 17', 'Sector 35', 'Sector 8', 'Sector 26']),
  c('Indore', 'Madhya Pradesh', 22.7196, 75.8577, 452001, 3, ['Vijay Nagar', 'Palasia', 'Rau', 'Saket Nagar']),
  c('Bhopal', 'Madhya Pradesh', 23.2599, 77.4126, 462001, 2, ['Arera Colony', 'MP Nagar', 'Shahpura', 'Kolar Road']),
  c('Bhubaneswar', 'Odisha', 20.2961, 85.8245, 751001, 2, ['Saheed Nagar', 'Patia', 'Jaydev Vihar', 'Nayapalli'], 'Khordha'),
  c('Visakhapatnam', 'Andhra Pradesh', 17.6868, 83.2185, 530001, 2, ['Dwaraka Nagar', 'MVP Colony', 'Rushikonda', 'Siripuram']),
  c('Amritsar', 'Punjab', 31.634, 74.8723, 143001, 1, ['Ranjit Avenue', 'Lawrence Road', 'Mall Road']),
  c('Dehradun', 'Uttarakhand', 30.3165, 78.0322, 248001, 1, ['Rajpur Road', 'Vasant Vihar', 'Ballupur']),
  c('Rishikesh', 'Uttarakhand', 30.0869, 78.2676, 249201, 1, ['Tapovan', 'Laxman Jhula', 'Ram Jhula'], 'Dehradun'),
  c('Guwahati', 'Assam', 26.1445, 91.7362, 781001, 2, ['GS Road', 'Zoo Road', 'Beltola', 'Dispur'], 'Kamrup Metropolitan'),
  c('Patna', 'Bihar', 25.5941, 85.1376, 800001, 1, ['Boring Road', 'Kankarbagh', 'Frazer Road']),
  c('Ranchi', 'Jharkhand', 23.3441, 85.3096, 834001, 1, ['Main Road', 'Lalpur', 'Harmu']),
  c('Raipur', 'Chhattisgarh', 21.2514, 81.6296, 492001, 1, ['Shankar Nagar', 'Telibandha', 'Pandri']),
  c('Shimla', 'Himachal Pradesh', 31.1048, 77.1734, 171001, 1, ['The Mall', 'Sanjauli', 'Chhota Shimla']),
].map((city) => ({ ...city, localities: city.localities.length ? city.localities : common }));
