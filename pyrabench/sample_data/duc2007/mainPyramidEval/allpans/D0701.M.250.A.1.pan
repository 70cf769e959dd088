<?xml version="1.0"?>
<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>

 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>

<peerAnnotation>
<pyramid>
<startDocumentRegEx><![CDATA[\-+\nD[0-9]+\.M\.250\.[A-Z]\.[A-Z]\n\-+\n]]></startDocumentRegEx>
 <text>
  <line></line>
  <line>---------------</line>
  <line>D0701.M.250.A.A</line>
  <line>---------------</line>
  <line></line>
  <line>Thousands of residents were ordered to leave within hours.</line>
  <line>The fire, residents reported, burned 8,000 acres in three days.</line>
  <line>Families were allowed back on Sunday.</line>
  <line>The main highway, residents reported, was closed near the town of Cedar Ridge.</line>
  <line>Water bombers dropped water on the flames all day.</line>
  <line>Strong winds spread the fire.</line>
  <line>Twenty homes burned to the ground near the town of Cedar Ridge.</line>
  <line></line>
  <line>---------------</line>
  <line>D0701.M.250.A.G</line>
  <line>---------------</line>
  <line></line>
  <line>Dry winds from the east spread the fire.</line>
  <line>Crews from neighbouring states joined the battle through the night.</line>
  <line>The fire scorched 8,000 acres of forest in three days.</line>
  <line>The blaze is the largest fire in ten years.</line>
  <line>Thick smoke forced schools to shut near the town of Cedar Ridge.</line>
  <line>A fallen power line may have caused the fire.</line>
  <line>Highway 9 was shut in both directions near the town of Cedar Ridge.</line>
  <line></line>
  <line>---------------</line>
  <line>D0701.M.250.A.H</line>
  <line>---------------</line>
  <line></line>
  <line>The blaze is the worst fire in a decade.</line>
  <line>Strong winds pushed the flames toward the town.</line>
  <line>Some residents, residents reported, were allowed back on Sunday.</line>
  <line>One firefighter suffered burns.</line>
  <line>The fire burned 8,000 acres near the town of Cedar Ridge.</line>
  <line>A wildfire started in the hills near Cedar Ridge.</line>
  <line>Highway 9, a spokesman said, was closed near the town of Cedar Ridge.</line>
  <line>The blaze, a spokesman said, was half contained by Thursday.</line>
  <line>A damaged power line, officials said, is suspected as the cause.</line>
  <line>Thick smoke forced schools to shut for a week.</line>
  <line>Planes dropped water on the flames all day.</line>
  <line></line>
  <line>---------------</line>
  <line>D0701.M.250.A.I</line>
  <line>---------------</line>
  <line></line>
  <line>The fire scorched 8,000 acres of forest near the town of Cedar Ridge.</line>
  <line>A large brush fire, officials said, started in the hills near Cedar Ridge.</line>
  <line>Thick smoke, a spokesman said, closed schools in the valley for a week.</line>
  <line>Families, according to local radio, returned home on Sunday.</line>
  <line>Dry winds from the east, according to local radio, pushed the flames toward the town.</line>
 </text>
 <scu uid="1" label="A wildfire broke out near Cedar Ridge">
  <contributor label="A wildfire started in the hills near Cedar Ridge">
   <part label="A wildfire started in the hills near Cedar Ridge" start="1166" end="1214"/>
  </contributor>
  <contributor label="A large brush fire...started in the hills near Cedar Ridge">
   <part label="A large brush fire" start="1623" end="1641"/>
   <part label="started in the hills near Cedar Ridge" start="1659" end="1696"/>
  </contributor>
 </scu>
 <scu uid="2" label="Strong winds spread the fire">
  <contributor label="Strong winds spread the fire">
   <part label="Strong winds spread the fire" start="341" end="369"/>
  </contributor>
  <contributor label="Dry winds from the east spread the fire">
   <part label="Dry winds from the east spread the fire" start="485" end="524"/>
  </contributor>
  <contributor label="Strong winds pushed the flames toward the town">
   <part label="Strong winds pushed the flames toward the town" start="963" end="1009"/>
  </contributor>
  <contributor label="Dry winds from the east...pushed the flames toward the town">
   <part label="Dry winds from the east" start="1831" end="1854"/>
   <part label="pushed the flames toward the town" start="1882" end="1915"/>
  </contributor>
 </scu>
 <scu uid="3" label="Twenty homes were destroyed">
  <contributor label="Twenty homes burned to the ground near the town of Cedar Ridge">
   <part label="Twenty homes burned to the ground near the town of Cedar Ridge" start="371" end="433"/>
  </contributor>
 </scu>
 <scu uid="4" label="Three thousand people fled">
  <contributor label="Thousands of residents were ordered to leave within hours">
   <part label="Thousands of residents were ordered to leave within hours" start="50" end="107"/>
  </contributor>
 </scu>
 <scu uid="5" label="Firefighters from four states helped">
  <contributor label="Crews from neighbouring states joined the battle through the night">
   <part label="Crews from neighbouring states joined the battle through the night" start="526" end="592"/>
  </contributor>
 </scu>
 <scu uid="6" label="Planes dropped water">
  <contributor label="Water bombers dropped water on the flames all day">
   <part label="Water bombers dropped water on the flames all day" start="290" end="339"/>
  </contributor>
  <contributor label="Planes dropped water on the flames all day">
   <part label="Planes dropped water on the flames all day" start="1459" end="1501"/>
  </contributor>
 </scu>
 <scu uid="7" label="A firefighter was hurt">
  <contributor label="One firefighter suffered burns">
   <part label="One firefighter suffered burns" start="1076" end="1106"/>
  </contributor>
 </scu>
 <scu uid="8" label="The fire burned 8,000 acres">
  <contributor label="The fire...burned 8,000 acres in three days">
   <part label="The fire" start="109" end="117"/>
   <part label="burned 8,000 acres in three days" start="139" end="171"/>
  </contributor>
  <contributor label="The fire scorched 8,000 acres of forest in three days">
   <part label="The fire scorched 8,000 acres of forest in three days" start="594" end="647"/>
  </contributor>
  <contributor label="The fire burned 8,000 acres near the town of Cedar Ridge">
   <part label="The fire burned 8,000 acres near the town of Cedar Ridge" start="1108" end="1164"/>
  </contributor>
  <contributor label="The fire scorched 8,000 acres of forest near the town of Cedar Ridge">
   <part label="The fire scorched 8,000 acres of forest near the town of Cedar Ridge" start="1553" end="1621"/>
  </contributor>
 </scu>
 <scu uid="9" label="A power line may have caused the fire">
  <contributor label="A fallen power line may have caused the fire">
   <part label="A fallen power line may have caused the fire" start="758" end="802"/>
  </contributor>
  <contributor label="A damaged power line...is suspected as the cause">
   <part label="A damaged power line" start="1347" end="1367"/>
   <part label="is suspected as the cause" start="1385" end="1410"/>
  </contributor>
 </scu>
 <scu uid="10" label="The fire was half contained">
  <contributor label="The blaze...was half contained by Thursday">
   <part label="The blaze" start="1286" end="1295"/>
   <part label="was half contained by Thursday" start="1315" end="1345"/>
  </contributor>
 </scu>
 <scu uid="11" label="Smoke closed schools">
  <contributor label="Thick smoke forced schools to shut near the town of Cedar Ridge">
   <part label="Thick smoke forced schools to shut near the town of Cedar Ridge" start="693" end="756"/>
  </contributor>
  <contributor label="Thick smoke forced schools to shut for a week">
   <part label="Thick smoke forced schools to shut for a week" start="1412" end="1457"/>
  </contributor>
  <contributor label="Thick smoke...closed schools in the valley for a week">
   <part label="Thick smoke" start="1698" end="1709"/>
   <part label="closed schools in the valley for a week" start="1729" end="1768"/>
  </contributor>
 </scu>
 <scu uid="12" label="A highway was closed">
  <contributor label="The main highway...was closed near the town of Cedar Ridge">
   <part label="The main highway" start="211" end="227"/>
   <part label="was closed near the town of Cedar Ridge" start="249" end="288"/>
  </contributor>
  <contributor label="Highway 9 was shut in both directions near the town of Cedar Ridge">
   <part label="Highway 9 was shut in both directions near the town of Cedar Ridge" start="804" end="870"/>
  </contributor>
  <contributor label="Highway 9...was closed near the town of Cedar Ridge">
   <part label="Highway 9" start="1216" end="1225"/>
   <part label="was closed near the town of Cedar Ridge" start="1245" end="1284"/>
  </contributor>
 </scu>
 <scu uid="13" label="It is the worst fire in a decade">
  <contributor label="The blaze is the largest fire in ten years">
   <part label="The blaze is the largest fire in ten years" start="649" end="691"/>
  </contributor>
  <contributor label="The blaze is the worst fire in a decade">
   <part label="The blaze is the worst fire in a decade" start="922" end="961"/>
  </contributor>
 </scu>
 <scu uid="14" label="Residents returned on Sunday">
  <contributor label="Families were allowed back on Sunday">
   <part label="Families were allowed back on Sunday" start="173" end="209"/>
  </contributor>
  <contributor label="Some residents...were allowed back on Sunday">
   <part label="Some residents" start="1011" end="1025"/>
   <part label="were allowed back on Sunday" start="1047" end="1074"/>
  </contributor>
  <contributor label="Families...returned home on Sunday">
   <part label="Families" start="1770" end="1778"/>
   <part label="returned home on Sunday" start="1806" end="1829"/>
  </contributor>
 </scu>
</pyramid>
<annotation>
 <text>
  <line>The mayor will retire next year.</line>
  <line>It, the report said, is the worst fire in a decade.</line>
  <line>The county fair sold out.</line>
  <line>Some residents were allowed back on Sunday.</line>
  <line>Thousands of residents were ordered to leave within hours.</line>
  <line>Highway 9 was shut in both directions near the town of Cedar Ridge.</line>
  <line>Water bombers made dozens of water drops all day.</line>
  <line>A damaged power line may have caused the fire.</line>
 </text>
 <peerscu uid="2" label="(4) Strong winds spread the fire">
 </peerscu>
 <peerscu uid="8" label="(4) The fire burned 8,000 acres">
 </peerscu>
 <peerscu uid="12" label="(3) A highway was closed">
  <contributor label="Highway 9 was shut in both directions near the town of Cedar Ridge">
   <part label="Highway 9 was shut in both directions near the town of Cedar Ridge" start="214" end="280"/>
  </contributor>
 </peerscu>
 <peerscu uid="14" label="(3) Residents returned on Sunday">
  <contributor label="Some residents were allowed back on Sunday">
   <part label="Some residents were allowed back on Sunday" start="111" end="153"/>
  </contributor>
 </peerscu>
 <peerscu uid="11" label="(3) Smoke closed schools">
 </peerscu>
 <peerscu uid="9" label="(2) A power line may have caused the fire">
  <contributor label="A damaged power line may have caused the fire">
   <part label="A damaged power line may have caused the fire" start="332" end="377"/>
  </contributor>
 </peerscu>
 <peerscu uid="1" label="(2) A wildfire broke out near Cedar Ridge">
 </peerscu>
 <peerscu uid="13" label="(2) It is the worst fire in a decade">
  <contributor label="It...is the worst fire in a decade">
   <part label="It" start="33" end="35"/>
   <part label="is the worst fire in a decade" start="54" end="83"/>
  </contributor>
 </peerscu>
 <peerscu uid="6" label="(2) Planes dropped water">
  <contributor label="Water bombers made dozens of water drops all day">
   <part label="Water bombers made dozens of water drops all day" start="282" end="330"/>
  </contributor>
 </peerscu>
 <peerscu uid="7" label="(1) A firefighter was hurt">
 </peerscu>
 <peerscu uid="5" label="(1) Firefighters from four states helped">
 </peerscu>
 <peerscu uid="10" label="(1) The fire was half contained">
 </peerscu>
 <peerscu uid="4" label="(1) Three thousand people fled">
  <contributor label="Thousands of residents were ordered to leave within hours">
   <part label="Thousands of residents were ordered to leave within hours" start="155" end="212"/>
  </contributor>
 </peerscu>
 <peerscu uid="3" label="(1) Twenty homes were destroyed">
 </peerscu>
 <peerscu uid="0" label="All non-matching SCUs go here">
  <contributor label="The mayor will retire next year">
   <part label="The mayor will retire next year" start="0" end="31"/>
  </contributor>
 </peerscu>
</annotation>
</peerAnnotation>
